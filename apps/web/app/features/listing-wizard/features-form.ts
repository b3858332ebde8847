import type { OwnListingView } from '@hora/core/listing';

/** The features tab as typed: the number of people stays text until it is sent. */
export interface FeaturesValues {
  category: string[];
  certificate: string;
  capacity: string;
  rules: string;
}

export function featuresValuesOf(
  listing: Pick<OwnListingView, 'categories' | 'certificate' | 'capacity' | 'rules'>,
): FeaturesValues {
  return {
    category: [...listing.categories],
    certificate: listing.certificate ?? '',
    capacity: listing.capacity === null ? '' : String(listing.capacity),
    rules: listing.rules ?? '',
  };
}

/**
 * The `PUT …/features` body. A number of people that is not a whole number goes as typed, so the
 * schema reports it as a wrong number instead of it silently becoming another one.
 */
export function featuresBody(values: FeaturesValues) {
  const capacity = values.capacity.trim();
  return {
    category: values.category,
    certificate: values.certificate,
    capacity: capacity === '' ? null : /^\d+$/.test(capacity) ? Number(capacity) : capacity,
    rules: values.rules,
  };
}
