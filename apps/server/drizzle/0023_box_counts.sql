-- hand-written (decision 0059): a map box's count without other filters (the search page as the map
-- moves) from kept counts per cell of a hundredth of a degree, plus an exact count of the box's
-- edge cells. The cells' counts are kept by statement-level triggers in the statement that changes
-- the listings, as "published_listings" is (decision 0055).
-- A cell is floor(latitude * 100), floor(longitude * 100), computed in float8 the same way here
-- and in the search, so a listing is in exactly one cell for both.
CREATE TABLE "listing_point_cells" (
  "cell_lat" integer NOT NULL,
  "cell_lng" integer NOT NULL,
  "listings" integer NOT NULL,
  CONSTRAINT "listing_point_cells_pkey" PRIMARY KEY ("cell_lat", "cell_lng")
);--> statement-breakpoint
INSERT INTO "listing_point_cells" ("cell_lat", "cell_lng", "listings")
SELECT floor("latitude" * 100)::int, floor("longitude" * 100)::int, count(*) FROM "listings"
WHERE "state" = 'published' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION hora_listing_point_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its trigger declares. An edit that neither
  -- publishes, closes nor moves a listing adds and takes one in the same cell: no row is written.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_point_cells" ("cell_lat", "cell_lng", "listings")
    SELECT floor(n.latitude * 100)::int, floor(n.longitude * 100)::int, count(*) FROM new_rows n
    WHERE n.state = 'published' AND n.latitude IS NOT NULL AND n.longitude IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("cell_lat", "cell_lng") DO UPDATE SET "listings" = "listing_point_cells"."listings" + excluded."listings";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "listing_point_cells" ("cell_lat", "cell_lng", "listings")
    SELECT c.cell_lat, c.cell_lng, sum(c.delta) FROM (
      SELECT floor(n.latitude * 100)::int AS cell_lat, floor(n.longitude * 100)::int AS cell_lng, 1 AS delta
      FROM new_rows n WHERE n.state = 'published' AND n.latitude IS NOT NULL AND n.longitude IS NOT NULL
      UNION ALL
      SELECT floor(o.latitude * 100)::int, floor(o.longitude * 100)::int, -1
      FROM old_rows o WHERE o.state = 'published' AND o.latitude IS NOT NULL AND o.longitude IS NOT NULL
    ) c
    GROUP BY 1, 2 HAVING sum(c.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("cell_lat", "cell_lng") DO UPDATE SET "listings" = "listing_point_cells"."listings" + excluded."listings";
  ELSE
    UPDATE "listing_point_cells" p SET "listings" = p."listings" - g.gone
    FROM (
      SELECT floor(o.latitude * 100)::int AS cell_lat, floor(o.longitude * 100)::int AS cell_lng, count(*) AS gone
      FROM old_rows o WHERE o.state = 'published' AND o.latitude IS NOT NULL AND o.longitude IS NOT NULL
      GROUP BY 1, 2
    ) g
    WHERE p."cell_lat" = g.cell_lat AND p."cell_lng" = g.cell_lng;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_point_cells_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_point_cells();--> statement-breakpoint
CREATE TRIGGER "listings_point_cells_update" AFTER UPDATE ON "listings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_point_cells();--> statement-breakpoint
CREATE TRIGGER "listings_point_cells_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_point_cells();--> statement-breakpoint
-- The edge cells' exact counts: the southern and northern bands by latitude, the western and
-- eastern ones by longitude, each index-only (the wide index of 0017 carries the filters' columns
-- and is 6 times larger for a count).
CREATE INDEX "listings_published_point_idx" ON "listings" ("latitude", "longitude") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "listings_published_lng_lat_idx" ON "listings" ("longitude", "latitude") WHERE "state" = 'published';
