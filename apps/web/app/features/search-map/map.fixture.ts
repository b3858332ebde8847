import type { ListingCardView } from '@hora/core/listing';
import { image } from '../listing-page/listing.fixture.ts';

/** Test data of the search map's tests and browser check (not part of the app). */
export function mapCard(id: string, overrides: Partial<ListingCardView> = {}): ListingCardView {
  return {
    id,
    title: `Sala ${id}`,
    price: { amount: 2500, currency: 'EUR' },
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    certificate: null,
    categories: ['sala'],
    capacity: 10,
    geolocation: { lat: 40.4168, lng: -3.7038 },
    createdAt: '2025-11-01T10:00:00.000Z',
    image: image(`${id}-cover`),
    premium: false,
    ...overrides,
  };
}
