import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../geo/distance.ts';
import { areaOfAddress, publicListingLocation } from './public-location.ts';

describe('areaOfAddress', () => {
  it.each([
    [
      'Calle Mayor, 5, Sol, Centro, Madrid, Comunidad de Madrid, 28013, España',
      'Madrid, Comunidad de Madrid, España',
    ],
    ['Calle de Alcalá 45, 28014 Madrid, España', 'Madrid, España'],
    ['Carrer de Mallorca 401, Barcelona', 'Barcelona'],
    ['Madrid, Comunidad de Madrid, España', 'Madrid, Comunidad de Madrid, España'],
    ['València, Comunitat Valenciana, España', 'València, Comunitat Valenciana, España'],
    ['Sevilla', 'Sevilla'],
  ])('%s → %s', (address, area) => {
    expect(areaOfAddress(address)).toBe(area);
  });

  it('shows nothing rather than a street when no area is left', () => {
    expect(areaOfAddress('Calle Mayor 5')).toBeNull();
    expect(areaOfAddress(' , ')).toBeNull();
  });
});

describe('publicListingLocation', () => {
  const listing = {
    id: '3f1c8f0e-5b7a-4c1e-9a55-2d7f4b9e6a10',
    location: { address: 'Calle de Alcalá 45, 28014 Madrid, España', building: 'Piso 2, puerta B' },
    geolocation: { lat: 40.4194, lng: -3.6959 },
  };

  it('keeps the address and the pin, never the building, when locations are exact (the default)', () => {
    expect(publicListingLocation(listing, { fuzzy: false })).toEqual({
      location: { address: 'Calle de Alcalá 45, 28014 Madrid, España', building: null },
      geolocation: { lat: 40.4194, lng: -3.6959 },
    });
  });

  it('keeps only the area and a point within the fuzzy offset of the door, the same on every call', () => {
    const shown = publicListingLocation(listing, { fuzzy: true });
    expect(shown.location).toEqual({ address: 'Madrid, España', building: null });
    const point = shown.geolocation as { lat: number; lng: number };
    expect(point).not.toEqual(listing.geolocation);
    expect(distanceMeters(point, listing.geolocation)).toBeLessThanOrEqual(500);
    expect(publicListingLocation(listing, { fuzzy: true }).geolocation).toEqual(point);
  });

  it('shows nothing for a listing without a location', () => {
    const none = { ...listing, location: null, geolocation: null };
    expect(publicListingLocation(none, { fuzzy: true })).toEqual({ location: null, geolocation: null });
  });
});
