-- hand-written (decision 0061): the first 16 days of the day summary, kept by PostgreSQL beside it,
-- and a point index, by zone, that carries only those: a date search in the next two weeks counts
-- its matches in a map box from entries a quarter as wide, one index range per zone.
ALTER TABLE "listing_free_days"
  ADD COLUMN "soon_longest" "bytea" GENERATED ALWAYS AS (substring(day_longest from 1 for 16)) STORED,
  ADD COLUMN "soon_longest_start" "bytea" GENERATED ALWAYS AS (substring(day_longest_start from 1 for 16)) STORED,
  ADD COLUMN "soon_reach" "bytea" GENERATED ALWAYS AS (substring(day_reach from 1 for 16)) STORED,
  ADD COLUMN "soon_last_end" "bytea" GENERATED ALWAYS AS (substring(day_last_end from 1 for 16)) STORED;--> statement-breakpoint
DROP INDEX "listing_free_days_latlng_idx";--> statement-breakpoint
CREATE INDEX "listing_free_days_zone_point_idx" ON "listing_free_days" ("time_zone", "latitude", "longitude")
  INCLUDE ("first_day", "soon_longest", "soon_longest_start", "soon_reach", "soon_last_end",
    "min_duration_minutes", "advance_notice_minutes", "booking_window_days", "slot_step_minutes", "listing_id");
