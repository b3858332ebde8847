import type { ListingView } from '@hora/core/listing';

const HAS_DIGIT = /\d/;

/**
 * The area an address lies in, for a listing whose location is fuzzy: the street, house numbers
 * and postal codes go, the city and region stay. Addresses are the geocoder's text ("Calle Mayor,
 * 5, Sol, Centro, Madrid, Comunidad de Madrid, 28013, España" or, for a city, "Madrid, Comunidad
 * de Madrid, España"), so this reads their parts from the end: a first part with a number, or an
 * address of more than three parts, names a street, which is dropped, and at most three remain.
 */
export function areaOfAddress(address: string): string | null {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const first = parts[0];
  if (first === undefined) return null;
  const streetLevel = HAS_DIGIT.test(first) || parts.length > 3;
  const words = (streetLevel ? parts.slice(1) : parts)
    .map((part) =>
      part
        .split(/\s+/)
        .filter((word) => !HAS_DIGIT.test(word))
        .join(' '),
    )
    .filter((part) => part !== '');
  return words.length > 0 ? words.slice(-3).join(', ') : null;
}

/**
 * The address the listing page shows: the host's address, or only its area when the marketplace
 * keeps locations fuzzy (spec part 2 §9: off by default). The building (floor, door) is for the
 * customers of accepted bookings, in the transaction panel, never here.
 */
export function shownAddress(location: ListingView['location'], fuzzy: boolean): string | null {
  if (!location?.address) return null;
  return fuzzy ? areaOfAddress(location.address) : location.address;
}
