import { describe, expect, it } from 'vitest';
import { listingPriceDisplay } from './pricing.ts';
import { listingLikeOfView } from './views.ts';
import { isTabCompleted } from './wizard.ts';

describe('listingLikeOfView', () => {
  const view: Parameters<typeof listingLikeOfView>[0] = {
    title: 'Cocina en Chamberí',
    description: 'Con horno.',
    categories: ['cocina'],
    location: { address: 'Calle de Fuencarral 100, Madrid', building: null },
    geolocation: { lat: 40.43, lng: -3.7 },
    price: { amount: 1250, currency: 'EUR' },
    negotiation: 'yes',
    minPrice: 10,
    maxPrice: 15,
    images: [],
  };

  it('lets the wizard rules read a view: tabs complete by its fields, photos still missing', () => {
    const listing = listingLikeOfView(view);
    for (const tab of ['description', 'features', 'location', 'pricing'] as const)
      expect(isTabCompleted(tab, listing), tab).toBe(true);
    expect(isTabCompleted('photos', listing)).toBe(false);
  });

  it('lets the price rule read the negotiation under its stored name', () => {
    expect(listingPriceDisplay(listingLikeOfView(view), { locale: 'es-ES' })).toMatchObject({
      kind: 'range',
      min: { amount: 1000, currency: 'EUR' },
      max: { amount: 1500, currency: 'EUR' },
    });
    const fixed = listingLikeOfView({ ...view, negotiation: 'no', minPrice: null, maxPrice: null });
    expect(listingPriceDisplay(fixed, { locale: 'es-ES' })).toMatchObject({
      kind: 'price',
      price: { amount: 1250, currency: 'EUR' },
    });
  });
});
