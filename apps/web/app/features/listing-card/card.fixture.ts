import type { ListingCardView } from '@hora/core/listing';

/** Test data (not part of the app): a published listing as a card, in Malasaña at 25 € an hour. */
export function listingCard(overrides: Partial<ListingCardView> = {}): ListingCardView {
  return {
    id: '0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f',
    title: 'Sala luminosa en Malasaña',
    price: { amount: 2500, currency: 'EUR' },
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    certificate: null,
    categories: ['sala'],
    capacity: 12,
    geolocation: { lat: 40.4232, lng: -3.7058 },
    createdAt: '2025-11-01T10:00:00.000Z',
    image: null,
    premium: false,
    ...overrides,
  };
}
