import { toMinorUnits } from '@hora/core/money';
import { inArray } from 'drizzle-orm';
import { createImageStorage } from '../adapters/storage/index.ts';
import { availabilityExceptions, images, listings, users } from '../db/schema/index.ts';
import { listingImagesPrefix } from '../modules/images/index.ts';
import { freeTimeRefresher } from '../modules/search/free-time.ts';
import { seatBookingsReader } from '../modules/transactions/repository.ts';
import { createDemoAccounts } from './demo-accounts.ts';
import { DEMO_HOSTS } from './demo-hosts.ts';
import { type DemoListing, planDemoListings } from './demo-listings.ts';
import { processScenes, storeListingPhotos } from './demo-photos.ts';
import type { SeedStep } from './index.ts';

type ListingRow = typeof listings.$inferInsert;

function listingRow(listing: DemoListing, authorId: string): ListingRow {
  const { pricing, location, bookingRules } = listing;
  const currency = pricing?.price.currency ?? null;
  const minor = (euros: number | undefined) =>
    euros === undefined || currency === null ? null : toMinorUnits(euros, currency);
  return {
    authorId,
    state: listing.state,
    title: listing.title,
    description: listing.description,
    categories: listing.categories,
    certificate: listing.certificate,
    rules: listing.rules,
    capacity: listing.capacity,
    address: location?.address ?? null,
    building: location?.building ?? null,
    latitude: location?.lat ?? null,
    longitude: location?.lng ?? null,
    priceAmount: pricing?.price.amount ?? null,
    priceCurrency: currency,
    negotiation: pricing?.publicData.negociation ?? 'no',
    minPriceAmount: minor(pricing?.publicData.minPrice),
    maxPriceAmount: minor(pricing?.publicData.maxPrice),
    timeZone: listing.timeZone,
    availabilityPlan: listing.plan,
    ...bookingRules,
    publishedAt: listing.publishedAt,
    createdAt: listing.createdAt,
    updatedAt: listing.updatedAt,
  };
}

/**
 * The demo marketplace's spaces: the hosts behind them, a few hundred listings in Madrid,
 * Barcelona and Valencia with their plans, exceptions and photos, and the README hosts' drafts and
 * closed listings. Times are relative to the clock, so exceptions are always ahead.
 */
export const demoListingsStep: SeedStep = {
  name: 'demo-listings',
  async run(context) {
    const { db, clock, config, logger } = context;
    const started = performance.now();
    const storage = createImageStorage(config);
    const planned = planDemoListings(clock.now());
    // The photos are processed in sharp's threads while the hosts' passwords are hashed, and each
    // scene's copies are written as soon as it is ready.
    const library = processScenes(planned.flatMap((listing) => listing.photos));
    await createDemoAccounts(context, storage, DEMO_HOSTS);
    const emails = [...new Set(planned.map((listing) => listing.ownerEmail))];
    const owners = new Map(
      (
        await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
      ).map((user) => [user.email, user.id]),
    );
    const ownerOf = (listing: DemoListing) => {
      const id = owners.get(listing.ownerEmail);
      if (!id) throw new Error(`Demo host ${listing.ownerEmail} does not exist`);
      return id;
    };
    const accountsDone = performance.now();

    const inserted = await db
      .insert(listings)
      .values(planned.map((listing) => listingRow(listing, ownerOf(listing))))
      .returning({ id: listings.id });
    const ids = inserted.map((row) => row.id);
    const exceptionRows = planned.flatMap((listing, index) =>
      listing.exceptions.map((exception) => ({
        listingId: ids[index] as string,
        startsAt: exception.start,
        endsAt: exception.end,
        seats: exception.seats,
      })),
    );
    if (exceptionRows.length > 0) await db.insert(availabilityExceptions).values(exceptionRows);
    // Until issue 11 no demo booking holds seats.
    await freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }).refresh(db, ids);

    let imageRows: Awaited<ReturnType<typeof storeListingPhotos>>;
    try {
      imageRows = await storeListingPhotos(
        storage,
        library,
        planned.map((listing, index) => ({
          id: ids[index] as string,
          ownerId: ownerOf(listing),
          scenes: listing.photos,
        })),
      );
      if (imageRows.length > 0) await db.insert(images).values(imageRows);
    } catch (error) {
      // The rows roll back with the step; the files would be left behind, so they go too.
      await Promise.allSettled(ids.map((id) => storage.removePrefix(listingImagesPrefix(id))));
      throw error;
    }

    logger.info(
      {
        listings: planned.length,
        exceptions: exceptionRows.length,
        photos: imageRows.length,
        scenes: library.size,
        accountsMs: Math.round(accountsDone - started),
        totalMs: Math.round(performance.now() - started),
      },
      'demo listings created',
    );
  },
};
