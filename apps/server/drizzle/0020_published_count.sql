-- hand-written (decision 0055): how many listings are published, kept by statement-level triggers
-- in the statement that changes them, so a search without any filter (the search page as first
-- opened) reads its total instead of counting every published listing.
CREATE TABLE "published_listings" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "count" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "published_listings" ("count") SELECT count(*) FROM "listings" WHERE "state" = 'published';--> statement-breakpoint
CREATE FUNCTION hora_published_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  -- Each branch reads only the transition tables its trigger declares.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE state = 'published';
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE state = 'published';
  END IF;
  -- Edits that publish or close nothing leave the row alone (no lock, no write).
  IF delta <> 0 THEN
    UPDATE "published_listings" SET "count" = "count" + delta;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_published_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_published_listings();--> statement-breakpoint
CREATE TRIGGER "listings_published_update" AFTER UPDATE ON "listings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_published_listings();--> statement-breakpoint
CREATE TRIGGER "listings_published_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_published_listings();
