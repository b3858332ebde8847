import { describe, expect, it } from 'vitest';
import { areaOfAddress, shownAddress } from './listing-location.ts';

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

describe('shownAddress', () => {
  const location = { address: 'Calle de Alcalá 45, 28014 Madrid, España', building: 'Piso 2, puerta B' };

  it('shows the address (never the building) when locations are exact, the default', () => {
    expect(shownAddress(location, false)).toBe('Calle de Alcalá 45, 28014 Madrid, España');
  });

  it('shows only the area when locations are fuzzy', () => {
    expect(shownAddress(location, true)).toBe('Madrid, España');
  });

  it('shows nothing for a listing without a location', () => {
    expect(shownAddress(null, false)).toBeNull();
  });
});
