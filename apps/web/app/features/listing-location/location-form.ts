import type { LatLng } from '@hora/core/geo';
import type { OwnListingView } from '@hora/core/listing';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { type FormErrors, formErrorsFrom } from '../forms/api-errors.ts';

/**
 * Core's validation message keys, written out: importing `@hora/core/validation` here would pull
 * zod into the wizard's first load (forms load it on first use, features/forms/use-validation.ts).
 */
const PLACE_REQUIRED = 'validation.location.placeRequired';
const TOO_LONG = 'validation.tooLong';

/** Longest building note the API keeps (core `locationSchema`: 200 characters). */
export const BUILDING_MAX = 200;

/** What the location tab edits: the picked address, where its pin stands, and the building note. */
export interface LocationDraft {
  /** The address a geocoder suggestion named, or null while the typed text names none. */
  address: string | null;
  /** The pin: the door, once the host moved it; the picked place's centre before that. */
  origin: LatLng | null;
  building: string;
}

export function initialLocationDraft(listing: OwnListingView): LocationDraft {
  const address = listing.location?.address ?? null;
  return {
    address: address && listing.geolocation ? address : null,
    origin: listing.geolocation,
    building: listing.location?.building ?? '',
  };
}

export interface LocationBody {
  address: string;
  origin: LatLng;
  building?: string;
}

/**
 * The body of `PUT /api/own-listings/:id/location`, or the field errors that stop it: an address
 * must be picked from the suggestions (the server resolves it again and refuses one it does not
 * know), so typed text alone is not enough.
 */
export function locationBody(
  draft: LocationDraft,
): { ok: true; body: LocationBody } | { ok: false; errors: FormErrors } {
  if (draft.address === null || draft.origin === null) {
    return { ok: false, errors: { fields: { address: PLACE_REQUIRED } } };
  }
  const building = draft.building.trim();
  if (building.length > BUILDING_MAX) return { ok: false, errors: { fields: { building: TOO_LONG } } };
  return {
    ok: true,
    body: { address: draft.address, origin: draft.origin, ...(building === '' ? {} : { building }) },
  };
}

export type SaveLocationResult = { ok: true; listing: OwnListingView } | { ok: false; errors: FormErrors };

const NOT_RECOGNISED = apiErrorKey('listing-address-not-recognised');

/**
 * Saves the location through the API (same origin: the session cookie and the CSRF origin check
 * pass). An address the server does not recognise shows under the address field. Never throws.
 */
export async function saveLocation(
  listingId: string,
  body: LocationBody,
  send: typeof fetch = fetch,
): Promise<SaveLocationResult> {
  let response: Response;
  try {
    response = await send(`/api/own-listings/${encodeURIComponent(listingId)}/location`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, errors: { form: 'places.errors.network', fields: {} } };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const listing = (data as { data?: OwnListingView } | null)?.data;
    return listing
      ? { ok: true, listing }
      : { ok: false, errors: { form: 'errors.api.generic', fields: {} } };
  }
  if (response.status === 401)
    return { ok: false, errors: { form: 'places.locationTab.sessionExpired', fields: {} } };
  const errors = formErrorsFrom({ status: response.status, data });
  if (errors.form === NOT_RECOGNISED)
    return { ok: false, errors: { fields: { ...errors.fields, address: NOT_RECOGNISED } } };
  // The request's `location.address`-style paths name the fields of this form.
  const fields = Object.fromEntries(
    Object.entries(errors.fields).map(([path, key]) => [path.startsWith('origin') ? 'address' : path, key]),
  );
  return { ok: false, errors: errors.form === undefined ? { fields } : { form: errors.form, fields } };
}
