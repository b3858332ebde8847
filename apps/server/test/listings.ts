import type { SeatBooking } from '@hora/core/availability';
import type { CardImageView, ListingImageView, OwnListingView } from '@hora/core/listing';
import { DEFAULT_BOOKING_RULES } from '@hora/core/listing';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Geocoder, Place } from '../src/adapters/geocoding/port.ts';
import { TestClock } from '../src/clock.ts';
import type { Database } from '../src/db/client.ts';
import type { SeatBookingsReader } from '../src/modules/availability/bookings.ts';
import type { ListingImagesReader } from '../src/modules/listings/ports.ts';
import { browser, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { FakePayouts } from './fake-payouts.ts';

/** Monday 4 May 2026, 08:00 in Madrid: every listing test starts here. */
export const NOW = '2026-05-04T06:00:00.000Z';

export const MADRID: Place = {
  id: 'geonames:3117735',
  address: 'Madrid, Comunidad de Madrid, España',
  origin: { lat: 40.4168, lng: -3.7038 },
  bounds: { ne: { lat: 40.64, lng: -3.52 }, sw: { lat: 40.31, lng: -3.89 } },
  type: 'city',
  countryCode: 'ES',
};

/** A geocoder that knows the addresses given (by their exact text) and nothing else. */
export function fakeGeocoder(places: Record<string, Place> = { 'Calle Mayor 1, Madrid': MADRID }): Geocoder {
  return {
    kind: 'gazetteer',
    predict: async (query) => Object.values(places).filter((place) => place.address.includes(query)),
    resolve: async (address) => places[address] ?? null,
  };
}

/** A photo as a card shows it: the landscape crop's variants only. */
export function cardImage(image: ListingImageView): CardImageView {
  const { 'landscape-crop': crop, 'landscape-crop2x': crop2x } = image.variants;
  return { ...image, variants: { 'landscape-crop': crop, 'landscape-crop2x': crop2x } };
}

/** Photos the test puts in place of the images module. */
export class FakeListingImages implements ListingImagesReader {
  readonly byListing = new Map<string, ListingImageView[]>();

  async imagesOf(listingIds: string[]) {
    return new Map(
      listingIds.flatMap((id) => (this.byListing.has(id) ? [[id, this.byListing.get(id)!]] : [])),
    );
  }

  async coversOf(listingIds: readonly string[]) {
    return new Map(
      listingIds.flatMap((id) => {
        const cover = this.byListing.get(id)?.[0];
        return cover ? [[id, cardImage(cover)] as const] : [];
      }),
    );
  }

  addPhoto(listingId: string): void {
    const id = crypto.randomUUID();
    const variant = (width: number, height: number, name: string) => ({
      width,
      height,
      webp: `/uploads/listings/${id}/${name}.webp`,
      jpeg: `/uploads/listings/${id}/${name}.jpg`,
    });
    const photos = this.byListing.get(listingId) ?? [];
    photos.push({
      id,
      width: 1600,
      height: 1067,
      variants: {
        'landscape-crop': variant(400, 267, 'landscape-crop'),
        'landscape-crop2x': variant(800, 533, 'landscape-crop2x'),
        'square-small': variant(240, 240, 'square-small'),
        'square-small2x': variant(480, 480, 'square-small2x'),
      },
    });
    this.byListing.set(listingId, photos);
  }
}

/** Seat-holding bookings in place of the bookings table (issue 11): held ranges by listing. */
export class FakeSeatBookings implements SeatBookingsReader {
  readonly byListing = new Map<string, SeatBooking[]>();
  async seatHoldingBookings(listingId: string) {
    return this.byListing.get(listingId) ?? [];
  }
}

export interface HostingApp {
  app: FastifyInstance;
  clock: TestClock;
  images: FakeListingImages;
  payouts: FakePayouts;
  bookings: FakeSeatBookings;
}

export async function buildHostingApp(
  db: Database,
  environment: Record<string, string> = {},
): Promise<HostingApp> {
  const clock = new TestClock(NOW);
  const images = new FakeListingImages();
  const payouts = new FakePayouts(db);
  const bookings = new FakeSeatBookings();
  const app = await buildTestApp(db, environment, {
    captcha: fakeCaptcha,
    clock,
    geocoder: fakeGeocoder(),
    hosting: {
      listingImages: images,
      payoutReadiness: payouts,
      seatBookings: bookings,
    },
  });
  return { app, clock, images, payouts, bookings };
}

/** Every tab's body, as a host fills the wizard. */
export const TABS = {
  description: { title: 'Sala luminosa en Malasaña', description: 'Una sala con mucha luz.' },
  features: {
    category: ['sala', 'estudio'],
    capacity: 12,
    certificate: 'Licencia 2024/123',
    rules: 'Sin fiestas.',
  },
  location: { address: 'Calle Mayor 1, Madrid', origin: { lat: 40.4155, lng: -3.7074 }, building: 'Piso 2' },
  pricing: { negociation: 'no', price: { amount: 2500, currency: 'EUR' } },
  availability: {
    plan: {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: ['mon', 'tue', 'wed', 'thu', 'fri'].map((dayOfWeek) => ({
        dayOfWeek,
        seats: 1,
        startTime: '09:00',
        endTime: '18:00',
      })),
    },
    bookingRules: DEFAULT_BOOKING_RULES,
  },
} as const;

export type TabName = keyof typeof TABS;
export const TAB_ORDER: TabName[] = ['features', 'location', 'pricing', 'availability'];

export async function createDraft(app: FastifyInstance, host: TestUser): Promise<OwnListingView> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: browser(host.cookie),
    payload: TABS.description,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function saveTab(
  app: FastifyInstance,
  host: TestUser,
  id: string,
  tab: TabName,
  payload?: object,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/own-listings/${id}/${tab}`,
    headers: browser(host.cookie),
    payload: payload ?? TABS[tab],
  });
}

/** A draft with every tab saved and a photo: ready to publish once the host can be paid. */
export async function completeDraft(hosting: HostingApp, host: TestUser): Promise<OwnListingView> {
  const draft = await createDraft(hosting.app, host);
  for (const tab of TAB_ORDER) {
    const response = await saveTab(hosting.app, host, draft.id, tab);
    expect(response.statusCode, `${tab}: ${response.body}`).toBe(200);
  }
  hosting.images.addPhoto(draft.id);
  return draft;
}

/** A published listing of a host who can be paid. */
export async function publishedListing(hosting: HostingApp, host: TestUser): Promise<OwnListingView> {
  const draft = await completeDraft(hosting, host);
  hosting.payouts.ready.add(host.id);
  const response = await hosting.app.inject({
    method: 'POST',
    url: `/api/own-listings/${draft.id}/publish`,
    headers: browser(host.cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export { signUp };
