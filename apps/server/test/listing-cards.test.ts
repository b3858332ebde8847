import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createListingCardsReader } from '../src/modules/listings/cards.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, cardImage, type HostingApp, publishedListing, signUp } from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Jordi', lastName: 'Puig' });
});

describe('listing cards', () => {
  it('reads cards in the order asked for, with the cover and the public point, skipping unknown ids', async () => {
    const first = await publishedListing(hosting, host);
    const second = await publishedListing(hosting, host);
    const reader = createListingCardsReader(database.db, { images: hosting.images, fuzzyLocation: false });
    const cards = await reader.cardsOf([second.id, randomUUID(), first.id]);
    expect(cards.map((card) => card.id)).toEqual([second.id, first.id]);
    expect(cards[1]).toEqual({
      id: first.id,
      title: first.title,
      price: first.price,
      negotiation: first.negotiation,
      minPrice: first.minPrice,
      maxPrice: first.maxPrice,
      certificate: first.certificate,
      categories: first.categories,
      capacity: first.capacity,
      geolocation: first.geolocation,
      createdAt: first.createdAt,
      image: first.images[0] ? cardImage(first.images[0]) : null,
      premium: false,
    });
    expect(await reader.cardsOf([])).toEqual([]);
  });

  it('blurs the point when locations are fuzzy', async () => {
    const listing = await publishedListing(hosting, host);
    const reader = createListingCardsReader(database.db, { images: hosting.images, fuzzyLocation: true });
    const [card] = await reader.cardsOf([listing.id]);
    expect(card?.geolocation).not.toEqual(listing.geolocation);
    expect(card?.geolocation?.lat).toBeCloseTo(listing.geolocation?.lat ?? 0, 1);
  });
});
