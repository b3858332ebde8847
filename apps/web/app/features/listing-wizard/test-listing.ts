import { DEFAULT_BOOKING_RULES, type OwnListingView } from '@hora/core/listing';

/** A listing as `GET /api/own-listings/:id` answers, for the wizard's tests. */
export function ownListing(overrides: Partial<OwnListingView> = {}): OwnListingView {
  return {
    id: '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e',
    state: 'draft',
    title: 'Cocina luminosa en Chamberí',
    description: 'Cocina profesional con horno de convección.',
    categories: [],
    certificate: null,
    rules: null,
    capacity: null,
    location: null,
    geolocation: null,
    price: null,
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    timeZone: 'Europe/Madrid',
    bookingRules: DEFAULT_BOOKING_RULES,
    images: [],
    author: { id: 'a', displayName: 'Lucía G', abbreviatedName: 'LG', avatar: null },
    availabilityPlan: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}

/** The same listing with every tab complete but the photos. */
export function listingReadyForPhotos(overrides: Partial<OwnListingView> = {}): OwnListingView {
  return ownListing({
    categories: ['cocina'],
    capacity: 8,
    location: { address: 'Calle de Fuencarral 100, Madrid', building: null },
    geolocation: { lat: 40.43, lng: -3.7 },
    price: { amount: 2500, currency: 'EUR' },
    availabilityPlan: {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [{ dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '00:00' }],
    },
    ...overrides,
  });
}
