import type { OwnListingView } from '@hora/core/listing';
import { describe, expect, it } from 'vitest';
import { ownListing } from '../listing-wizard/test-listing.ts';
import { initialLocationDraft, locationBody, saveLocation } from './location-form.ts';

const listing = (overrides: Partial<OwnListingView> = {}) =>
  ownListing({ title: 'Sala luminosa', description: 'Una sala.', ...overrides });

const DOOR = { lat: 40.4153, lng: -3.7074 };
const ADDRESS = 'Calle Mayor 5, Madrid, Comunidad de Madrid, España';

describe('location draft', () => {
  it('starts empty for a new listing', () => {
    expect(initialLocationDraft(listing())).toEqual({ address: null, origin: null, building: '' });
  });

  it('starts from the stored address, pin and building', () => {
    const stored = listing({ location: { address: ADDRESS, building: '2.º B' }, geolocation: DOOR });
    expect(initialLocationDraft(stored)).toEqual({ address: ADDRESS, origin: DOOR, building: '2.º B' });
  });

  it('builds the request body, leaving an empty building out', () => {
    expect(locationBody({ address: ADDRESS, origin: DOOR, building: '  ' })).toEqual({
      ok: true,
      body: { address: ADDRESS, origin: DOOR },
    });
    expect(locationBody({ address: ADDRESS, origin: DOOR, building: ' Edificio B ' })).toEqual({
      ok: true,
      body: { address: ADDRESS, origin: DOOR, building: 'Edificio B' },
    });
  });

  it('asks for a picked suggestion when only text was typed', () => {
    expect(locationBody({ address: null, origin: DOOR, building: '' })).toEqual({
      ok: false,
      errors: { fields: { address: 'validation.location.placeRequired' } },
    });
  });

  it('refuses a building note over 200 characters', () => {
    expect(locationBody({ address: ADDRESS, origin: DOOR, building: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      errors: { fields: { building: 'validation.tooLong' } },
    });
  });
});

describe('saving the location', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('PUTs the body as JSON to the listing and hands back the listing the API answered', async () => {
    const saved = listing({ location: { address: ADDRESS, building: null }, geolocation: DOOR });
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const send = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      return json({ data: saved });
    }) as typeof fetch;
    expect(await saveLocation(saved.id, { address: ADDRESS, origin: DOOR }, send)).toEqual({
      ok: true,
      listing: saved,
    });
    expect(calls[0]?.url).toBe(`/api/own-listings/${saved.id}/location`);
    expect(calls[0]?.init).toMatchObject({ method: 'PUT', credentials: 'same-origin' });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ address: ADDRESS, origin: DOOR });
  });

  it.each([
    [
      'an address the server does not know, under the address field',
      () => json({ errors: [{ code: 'listing-address-not-recognised', status: 400 }] }, 400),
      { fields: { address: 'errors.api.listing-address-not-recognised' } },
    ],
    [
      'someone else’s listing, above the form',
      () => json({ errors: [{ code: 'forbidden', status: 403 }] }, 403),
      { form: 'errors.api.forbidden', fields: {} },
    ],
    [
      'a bad pin, under the address',
      () =>
        json(
          {
            errors: [
              {
                code: 'validation-invalid-params',
                status: 400,
                meta: { issues: [{ path: 'origin.lat', message: 'validation.invalid' }] },
              },
            ],
          },
          400,
        ),
      { fields: { address: 'validation.invalid' } },
    ],
    [
      'an ended session',
      () => json({ errors: [{ code: 'unauthorized', status: 401 }] }, 401),
      {
        form: 'places.locationTab.sessionExpired',
        fields: {},
      },
    ],
    [
      'no network',
      () => Promise.reject(new TypeError('offline')),
      { form: 'places.errors.network', fields: {} },
    ],
  ])('explains %s', async (_name, answer, errors) => {
    const send = (async () => answer()) as typeof fetch;
    expect(await saveLocation('id', { address: ADDRESS, origin: DOOR }, send)).toEqual({ ok: false, errors });
  });
});
