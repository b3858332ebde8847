CREATE TABLE "listing_free_time" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"free" "tstzmultirange" NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_free_time" ADD CONSTRAINT "listing_free_time_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_free_time_zone_idx" ON "listing_free_time" USING btree ("time_zone");--> statement-breakpoint
CREATE INDEX "listing_free_time_free_idx" ON "listing_free_time" USING gist ("free");--> statement-breakpoint
-- hand-written: the listing search's text vector, its indexes over published listings, and the step grid functions.
-- Title weighs A and description B; hora_spanish folds accents and stems ("gimnasios" ~ "Gimnasio").
ALTER TABLE "listings" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('hora_spanish'::regconfig, coalesce("title", '')), 'A')
  || setweight(to_tsvector('hora_spanish'::regconfig, coalesce("description", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "listings_search_vector_idx" ON "listings" USING gin ("search_vector") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "listings_search_categories_idx" ON "listings" USING gin ("categories") WHERE "state" = 'published';--> statement-breakpoint
-- The map box: `point(longitude, latitude) <@ box(...)` of published listings. The columns the
-- other filters and the orders read are included: a box's count and page, with categories, price
-- or people, are index-only scans (a city holds tens of thousands of listings).
CREATE INDEX "listings_search_point_idx" ON "listings" USING gist (point("longitude", "latitude"))
  INCLUDE ("longitude", "latitude", "categories", "price_amount", "capacity", "created_at", "id")
  WHERE "state" = 'published';--> statement-breakpoint
-- The orders' indexes carry the point: a page of a crowded box walks one, index-only, testing each point.
CREATE INDEX "listings_search_created_idx" ON "listings" ("created_at", "id") INCLUDE ("longitude", "latitude")
  WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "listings_search_price_idx" ON "listings" ("price_amount", "id") INCLUDE ("longitude", "latitude")
  WHERE "state" = 'published';--> statement-breakpoint
-- The UTC offset of an instant in a zone, in seconds (core's offsetAt).
CREATE OR REPLACE FUNCTION hora_offset_seconds(instant timestamptz, zone text) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT extract(epoch FROM (instant AT TIME ZONE zone)) - extract(epoch FROM instant) $$;--> statement-breakpoint
-- Core's ceilToStep: the first instant at or after `instant` on the zone's local step grid.
CREATE OR REPLACE FUNCTION hora_ceil_to_step(instant timestamptz, step_minutes integer, zone text) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE WHEN hora_offset_seconds(r.rounded, zone) = r.off THEN r.rounded
      ELSE to_timestamp((ceil((r.epoch + hora_offset_seconds(r.rounded, zone)) / r.step) * r.step
        - hora_offset_seconds(r.rounded, zone))::double precision) END
    FROM (
      SELECT o.epoch, o.step, o.off,
        to_timestamp((ceil((o.epoch + o.off) / o.step) * o.step - o.off)::double precision) AS rounded
      FROM (SELECT extract(epoch FROM instant) AS epoch, step_minutes * 60::numeric AS step,
        hora_offset_seconds(instant, zone) AS off) o
    ) r
  $$;--> statement-breakpoint
-- Core's floorToStep: the last instant at or before `instant` on the zone's local step grid.
CREATE OR REPLACE FUNCTION hora_floor_to_step(instant timestamptz, step_minutes integer, zone text) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE WHEN hora_offset_seconds(r.rounded, zone) = r.off THEN r.rounded
      ELSE to_timestamp((floor((r.epoch + hora_offset_seconds(r.rounded, zone)) / r.step) * r.step
        - hora_offset_seconds(r.rounded, zone))::double precision) END
    FROM (
      SELECT o.epoch, o.step, o.off,
        to_timestamp((floor((o.epoch + o.off) / o.step) * o.step - o.off)::double precision) AS rounded
      FROM (SELECT extract(epoch FROM instant) AS epoch, step_minutes * 60::numeric AS step,
        hora_offset_seconds(instant, zone) AS off) o
    ) r
  $$;
