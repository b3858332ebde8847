-- hand-written (decision 0067): the day summaries' point index is led by an integer key of the zone
-- (PostgreSQL's own hash of its name, kept by PostgreSQL) instead of its name, with the fixed-width
-- columns it carries before the variable-width ones: a date search's count in a map box reads each
-- entry's columns at known offsets and compares an integer, not a text, per entry.
ALTER TABLE "listing_free_days"
  ADD COLUMN "zone_key" integer GENERATED ALWAYS AS (hashtext(time_zone)) STORED;--> statement-breakpoint
DROP INDEX "listing_free_days_zone_point_idx";--> statement-breakpoint
CREATE INDEX "listing_free_days_zone_key_point_idx" ON "listing_free_days" ("zone_key", "latitude", "longitude")
  INCLUDE ("first_day", "min_duration_minutes", "advance_notice_minutes", "booking_window_days",
    "slot_step_minutes", "listing_id", "soon_longest", "soon_longest_start", "soon_reach", "soon_last_end");
