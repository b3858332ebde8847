-- hand-written (decision 0062): a map box with keywords reads the narrow copy of published listings'
-- text through a B-tree on their point that carries the text vector, in place of the GiST index on
-- the listings' point that carried it. A B-tree entry must fit in 2 704 bytes, so the copy says
-- whether the listing's fits (`box_indexed`); the few that do not are read from the copy's rows,
-- through an index of their points alone. The GiST index refused any vector that did not fit in
-- 8 kB: a long description of many distinct words could not be published.
ALTER TABLE "listing_search_text"
  ADD COLUMN "latitude" double precision,
  ADD COLUMN "longitude" double precision,
  ADD COLUMN "box_indexed" boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- The entry's vector and categories, at their size before any compression (`||` builds the vector
-- anew), in at most 2 400 bytes: the rest of the entry (its point, key, price and capacity, and the
-- headers) takes under 100.
CREATE FUNCTION hora_fits_box_index(vector tsvector, categories text[]) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT pg_column_size(vector || ''::tsvector) + coalesce(pg_column_size(categories), 0) <= 2400 $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hora_listing_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM listing_search_text t USING changed c WHERE t.listing_id = c.id AND c.state <> 'published';
  END IF;
  INSERT INTO listing_search_text (listing_id, search_vector, categories, price_amount, capacity, latitude,
    longitude, box_indexed)
  SELECT c.id, c.search_vector, c.categories, c.price_amount, c.capacity, c.latitude, c.longitude,
    hora_fits_box_index(c.search_vector, c.categories)
  FROM changed c WHERE c.state = 'published'
  ON CONFLICT (listing_id) DO UPDATE SET search_vector = excluded.search_vector, categories = excluded.categories,
    price_amount = excluded.price_amount, capacity = excluded.capacity, latitude = excluded.latitude,
    longitude = excluded.longitude, box_indexed = excluded.box_indexed
  WHERE (listing_search_text.search_vector, listing_search_text.categories, listing_search_text.price_amount,
    listing_search_text.capacity, listing_search_text.latitude, listing_search_text.longitude)
    IS DISTINCT FROM (excluded.search_vector, excluded.categories, excluded.price_amount, excluded.capacity,
    excluded.latitude, excluded.longitude);
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "listing_search_text" t SET "latitude" = l."latitude", "longitude" = l."longitude",
  "box_indexed" = hora_fits_box_index(t."search_vector", t."categories")
FROM "listings" l WHERE l."id" = t."listing_id";--> statement-breakpoint
CREATE INDEX "listing_search_text_box_idx" ON "listing_search_text" ("latitude", "longitude")
  INCLUDE ("listing_id", "search_vector", "categories", "price_amount", "capacity") WHERE "box_indexed";--> statement-breakpoint
CREATE INDEX "listing_search_text_box_long_idx" ON "listing_search_text" ("latitude", "longitude")
  WHERE NOT "box_indexed";--> statement-breakpoint
DROP INDEX "listings_search_point_text_idx";
