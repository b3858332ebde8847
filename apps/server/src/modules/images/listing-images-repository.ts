import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { images, listings } from '../../db/schema/index.ts';
import type { ListingImageRow } from './listing-image-variants.ts';

export interface ListingImageRecord extends ListingImageRow {
  listingId: string;
  position: number;
}

const recordColumns = {
  id: images.id,
  width: images.width,
  height: images.height,
  keyPrefix: images.keyPrefix,
  listingId: sql<string>`${images.listingId}`,
  position: sql<number>`${images.position}`,
};

/**
 * The author of a listing, locking the listing's row until the transaction ends: every change to a
 * listing's photos takes this lock first, so two at once (parallel uploads, a reorder during an
 * upload) run one after the other and positions and the photo limit stay right. Null: no listing.
 */
export async function lockListingAuthor(tx: Executor, listingId: string): Promise<string | null> {
  const [row] = await tx
    .select({ authorId: listings.authorId })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  return row?.authorId ?? null;
}

/** The author of a listing, without a lock (a quick check before reading a 20 MB upload). */
export async function findListingAuthor(db: Executor, listingId: string): Promise<string | null> {
  const [row] = await db
    .select({ authorId: listings.authorId })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.authorId ?? null;
}

export async function countListingImages(db: Executor, listingId: string): Promise<number> {
  const [row] = await db.select({ images: count() }).from(images).where(eq(images.listingId, listingId));
  return row?.images ?? 0;
}

/** The photos of these listings, each listing's in order, cover first. */
export async function findListingImages(
  db: Executor,
  listingIds: readonly string[],
): Promise<ListingImageRecord[]> {
  if (listingIds.length === 0) return [];
  return listingImagesOf(db).execute({ listingIds: [...listingIds] });
}

/** Every listing page and listings list reads these; one statement for any number of listings. */
const listingImagesOf = preparedFor((db) =>
  db
    .select(recordColumns)
    .from(images)
    .where(sql`${images.listingId} = any(${sql.placeholder('listingIds')}::uuid[])`)
    .orderBy(asc(images.listingId), asc(images.position))
    .prepare('listing_images_of'),
);

/** The cover (first photo) of each of these listings that has one: what a card shows. */
export async function findListingCovers(
  db: Executor,
  listingIds: readonly string[],
): Promise<ListingImageRecord[]> {
  if (listingIds.length === 0) return [];
  return listingCoversOf(db).execute({ listingIds: [...listingIds] });
}

const listingCoversOf = preparedFor((db) =>
  db
    .selectDistinctOn([images.listingId], recordColumns)
    .from(images)
    .where(sql`${images.listingId} = any(${sql.placeholder('listingIds')}::uuid[])`)
    .orderBy(asc(images.listingId), asc(images.position))
    .prepare('listing_covers_of'),
);

/**
 * The outer read's listing id, named with its table: a select from one table names its columns
 * bare, and a bare `"id"` inside the photos' subqueries below would be the photo's own.
 */
const outerListingId = sql`${listings}.${sql.identifier('id')}`;

/**
 * A listing's photos (`findListingImages`'s, without the listing) as a JSON column of another
 * module's read of `listings`: the booking request reads them with its context (decision 0052's
 * addendum).
 */
export function listingImageRowsColumn(): SQL<ListingImageRow[]> {
  return sql<ListingImageRow[]>`(
    select coalesce(json_agg(json_build_object('id', i.id, 'width', i.width, 'height', i.height,
      'keyPrefix', i.key_prefix) order by i.position), '[]'::json)
    from ${images} i where i.listing_id = ${outerListingId})`;
}

/**
 * A listing's cover (`findListingCovers`'s row without the listing, or null) as a JSON column of
 * another module's read of `listings`: the cards read their covers with their rows, in one statement.
 */
export function listingCoverColumn(): SQL<ListingImageRow | null> {
  return sql<ListingImageRow | null>`(
    select json_build_object('id', i.id, 'width', i.width, 'height', i.height, 'keyPrefix', i.key_prefix)
    from ${images} i where i.listing_id = ${outerListingId} order by i.position limit 1)`;
}

export interface NewListingImage {
  id: string;
  ownerId: string;
  listingId: string;
  width: number;
  height: number;
  keyPrefix: string;
  formats: string[];
}

/** Adds a photo after the listing's last one. Run after `lockListingAuthor` in the same transaction. */
export async function appendListingImage(tx: Executor, image: NewListingImage): Promise<ListingImageRecord> {
  const [row] = await tx
    .insert(images)
    .values({
      ...image,
      kind: 'listing',
      position: sql`(select count(*) from ${images} where ${images.listingId} = ${image.listingId})`,
    })
    .returning(recordColumns);
  return row!;
}

/**
 * Removes one photo of a listing and closes the gap in the positions (the next photo becomes the
 * cover when the cover goes). Returns the removed photo's key prefix, or null when the listing has
 * no such photo. Run after `lockListingAuthor` in the same transaction.
 */
export async function deleteListingImage(
  tx: Executor,
  listingId: string,
  imageId: string,
): Promise<string | null> {
  const [removed] = await tx
    .delete(images)
    .where(and(eq(images.id, imageId), eq(images.listingId, listingId)))
    .returning({ keyPrefix: images.keyPrefix });
  if (!removed) return null;
  await tx.execute(sql`
    update ${images} set position = ordered.rank - 1
    from (
      select id, row_number() over (order by position) as rank
      from ${images} where listing_id = ${listingId}
    ) as ordered
    where ${images.id} = ordered.id and ${images.position} <> ordered.rank - 1`);
  return removed.keyPrefix;
}

/**
 * Gives the listing's photos the positions of `imageIds` (cover first) in one statement; the
 * caller has checked the ids are exactly the listing's. Run after `lockListingAuthor`.
 */
export async function setListingImageOrder(
  tx: Executor,
  listingId: string,
  imageIds: readonly string[],
): Promise<void> {
  if (imageIds.length === 0) return;
  const ids = sql`array[${sql.join(
    imageIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  await tx
    .update(images)
    .set({ position: sql`array_position(${ids}, ${images.id}) - 1` })
    .where(eq(images.listingId, listingId));
}
