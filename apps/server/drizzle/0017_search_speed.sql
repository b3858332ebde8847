-- hand-written: the map box's B-tree in place of its GiST index, and a narrow copy of published listings' text for keyword searches without a box (decision 0051).
-- The map box as latitude and longitude between the corners: a B-tree range on the latitude, the
-- longitude tested in the index. A city box's count and its filters read it index-only, from
-- little more than half the pages the GiST index took (which rebuilt each tuple's nine columns).
CREATE INDEX "listings_search_latlng_idx" ON "listings" ("latitude", "longitude")
  INCLUDE ("categories", "price_amount", "capacity", "created_at", "id") WHERE "state" = 'published';--> statement-breakpoint
DROP INDEX "listings_search_point_idx";--> statement-breakpoint
-- Keywords without a map box rank every match, which reads each one's text vector: from this table
-- (about 420 bytes a row) they fill half the pages they fill among the listings' wide rows. It
-- holds the published listings, kept by the triggers below in the statement that changes them.
CREATE TABLE "listing_search_text" (
  "listing_id" uuid PRIMARY KEY NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
  "search_vector" tsvector NOT NULL,
  "categories" text[] NOT NULL,
  "price_amount" integer,
  "capacity" integer
);--> statement-breakpoint
CREATE INDEX "listing_search_text_vector_idx" ON "listing_search_text" USING gin ("search_vector");--> statement-breakpoint
CREATE FUNCTION hora_listing_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM listing_search_text t USING changed c WHERE t.listing_id = c.id AND c.state <> 'published';
  END IF;
  INSERT INTO listing_search_text (listing_id, search_vector, categories, price_amount, capacity)
  SELECT c.id, c.search_vector, c.categories, c.price_amount, c.capacity FROM changed c WHERE c.state = 'published'
  ON CONFLICT (listing_id) DO UPDATE SET search_vector = excluded.search_vector, categories = excluded.categories,
    price_amount = excluded.price_amount, capacity = excluded.capacity
  WHERE (listing_search_text.search_vector, listing_search_text.categories, listing_search_text.price_amount,
    listing_search_text.capacity) IS DISTINCT FROM (excluded.search_vector, excluded.categories,
    excluded.price_amount, excluded.capacity);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_search_text_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_text();--> statement-breakpoint
CREATE TRIGGER "listings_search_text_update" AFTER UPDATE ON "listings" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_text();--> statement-breakpoint
INSERT INTO "listing_search_text" ("listing_id", "search_vector", "categories", "price_amount", "capacity")
SELECT "id", "search_vector", "categories", "price_amount", "capacity" FROM "listings" WHERE "state" = 'published';
