import { DEFAULT_BOOKING_RULES, type ListingImageView, type ListingView } from '@hora/core/listing';
import type { ApiResult, WebContext } from '../../context.ts';

/** Test data of the listing page's tests (not part of the app). */

export const LISTING_ID = '0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f';
export const HOST_ID = '5b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e';
export const GUEST_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

export function image(id: string): ListingImageView {
  const variant = (name: string, width: number, height: number) => ({
    width,
    height,
    webp: `/uploads/listings/${id}/${name}.webp`,
    jpeg: `/uploads/listings/${id}/${name}.jpg`,
  });
  return {
    id,
    width: 1600,
    height: 1067,
    variants: {
      'landscape-crop': variant('landscape-crop', 400, 267),
      'landscape-crop2x': variant('landscape-crop2x', 800, 533),
      'square-small': variant('square-small', 240, 240),
      'square-small2x': variant('square-small2x', 480, 480),
    },
  };
}

export function listing(overrides: Partial<ListingView> = {}): ListingView {
  return {
    id: LISTING_ID,
    state: 'published',
    title: 'Sala luminosa en Malasaña',
    description: 'Una sala con luz natural.\n\nWifi y proyector incluidos.',
    categories: ['sala', 'coworking'],
    certificate: 'Licencia de actividad 2024/118',
    rules: 'No se puede fumar.',
    capacity: 12,
    location: { address: 'Calle del Pez 21, 28004 Madrid, España', building: 'Piso 2' },
    geolocation: { lat: 40.4232, lng: -3.7058 },
    price: { amount: 2500, currency: 'EUR' },
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    timeZone: 'Europe/Madrid',
    bookingRules: DEFAULT_BOOKING_RULES,
    images: [image('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'), image('2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a')],
    author: { id: HOST_ID, displayName: 'Lucía G', abbreviatedName: 'LG', avatar: null },
    createdAt: '2025-11-01T10:00:00.000Z',
    publishedAt: '2025-11-02T10:00:00.000Z',
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };

/**
 * A load context whose API answers by path (first match of `routes`, else 404), recording the
 * paths asked for. The clock reads Monday 24 November 2025, 10:30 in Madrid.
 */
export function fakeContext(
  viewerId: string | null,
  routes: Record<string, Answer | ((path: string) => Answer)>,
) {
  const calls: string[] = [];
  const context: WebContext = {
    nonce: 'n',
    config: {
      marketplaceName: 'Hora',
      publicUrl: 'https://hora.es',
      blogUrl: undefined,
      social: {},
      maps: { tileUrl: undefined, attribution: '' },
    },
    viewer: viewerId ? { id: viewerId, firstName: 'Ana', lastName: 'Ruiz' } : null,
    now: () => new Date('2025-11-24T09:30:00.000Z'),
    api: async <T>(path: string, init?: { method?: string }): Promise<ApiResult<T>> => {
      calls.push(init?.method ? `${init.method} ${path}` : path);
      const key = Object.keys(routes).find((prefix) => path.startsWith(prefix));
      const route = key === undefined ? undefined : routes[key];
      const answer = typeof route === 'function' ? route(path) : (route ?? { status: 404, body: null });
      return { status: answer.status, data: answer.body as T, cookies: [] };
    },
  };
  return { context, calls };
}
