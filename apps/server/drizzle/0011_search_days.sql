CREATE TABLE "listing_free_days" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"day_longest" smallint[],
	"day_longest_start" smallint[],
	"day_reach" smallint[],
	"latitude" double precision,
	"longitude" double precision,
	"min_duration_minutes" integer NOT NULL,
	"advance_notice_minutes" integer NOT NULL,
	"booking_window_days" integer NOT NULL,
	"slot_step_minutes" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "listing_free_time_free_idx";--> statement-breakpoint
ALTER TABLE "listing_free_days" ADD CONSTRAINT "listing_free_days_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the day summary's point index, its arrays kept inline, the rows of listings summarised before it existed, and a map box's index that carries the text vector.
-- A date search in a map box counts from this index and the narrow rows it points at; the point
-- is a copy of the listing's (the listing's own index cannot reach the summary without a join).
CREATE INDEX "listing_free_days_point_idx" ON "listing_free_days" USING gist (point("longitude", "latitude"));--> statement-breakpoint
ALTER TABLE "listing_free_days" ALTER COLUMN "day_longest" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "listing_free_days" ALTER COLUMN "day_longest_start" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "listing_free_days" ALTER COLUMN "day_reach" SET STORAGE PLAIN;--> statement-breakpoint
-- Listings with free time from before the summary: their copies now, their days (null: checked
-- exactly) at the next refresh.
INSERT INTO "listing_free_days" ("listing_id", "time_zone", "latitude", "longitude", "min_duration_minutes",
  "advance_notice_minutes", "booking_window_days", "slot_step_minutes")
SELECT f."listing_id", f."time_zone", l."latitude", l."longitude", l."min_duration_minutes",
  l."advance_notice_minutes", l."booking_window_days", l."slot_step_minutes"
FROM "listing_free_time" f JOIN "listings" l ON l."id" = f."listing_id";
--> statement-breakpoint
-- A map box with keywords reads each listing's text vector (to match and rank it): carried in this
-- index, the box's listings are read from it alone instead of from the table's pages (a city box
-- holds tens of thousands). The box alone keeps the narrower listings_search_point_idx.
CREATE INDEX "listings_search_point_text_idx" ON "listings" USING gist (point("longitude", "latitude"))
  INCLUDE ("longitude", "latitude", "categories", "price_amount", "capacity", "created_at", "id", "search_vector")
  WHERE "state" = 'published';
