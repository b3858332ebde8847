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
 * The `PUT …/features` body. A number of people that is not a whole number goes as a number when
 * it reads as one (2,5) and as typed otherwise, so the schema refuses it instead of it silently
 * becoming another number.
 */
export function featuresBody(values: FeaturesValues) {
  const capacity = values.capacity.trim();
  const number = Number(capacity.replace(',', '.'));
  return {
    category: values.category,
    certificate: values.certificate,
    capacity: capacity === '' ? null : Number.isFinite(number) ? number : capacity,
    rules: values.rules,
  };
}

/** Text typed as the number of people that is no number at all is a wrong number, not a missing one. */
export function featuresFieldErrors(
  errors: Readonly<Record<string, string>>,
  values: FeaturesValues,
): Record<string, string> {
  if (errors.capacity !== 'validation.required' || values.capacity.trim() === '') return { ...errors };
  return { ...errors, capacity: 'validation.capacity.invalid' };
}
