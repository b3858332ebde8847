-- hand-written (decision 0054): the day summary in one byte a day (half hours) instead of a smallint
-- array, half the row, and a covering B-tree on the point in place of the GiST index, so a map
-- box's date search counts its matches from the index alone.
-- Existing summaries, converted as the refresh writes them: each day's longest stretch rounded
-- inwards to half hours (its start up, its end down), its reach up (capped at 254). Emptied and
-- written anew, so no row keeps the dropped arrays' bytes.
CREATE TEMPORARY TABLE "free_days_bytes" ON COMMIT DROP AS
SELECT x."listing_id", array_lower(x."day_longest", 1) AS "first_day",
  decode(string_agg(lpad(to_hex(CASE WHEN u.s >= 0 THEN greatest(0, floor((u.s + u.l) / 30.0) - ceil(u.s / 30.0))
    ELSE floor(u.l / 30.0) END::int), 2, '0'), '' ORDER BY u.o), 'hex') AS "longest",
  decode(string_agg(lpad(to_hex(CASE WHEN u.s >= 0 THEN ceil(u.s / 30.0)::int ELSE 255 END), 2, '0'), '' ORDER BY u.o), 'hex') AS "start",
  decode(string_agg(lpad(to_hex(least(254, ceil(u.r / 30.0))::int), 2, '0'), '' ORDER BY u.o), 'hex') AS "reach"
FROM "listing_free_days" x,
  unnest(x."day_longest", x."day_longest_start", x."day_reach") WITH ORDINALITY u(l, s, r, o)
GROUP BY x."listing_id";--> statement-breakpoint
CREATE TEMPORARY TABLE "free_days_rest" ON COMMIT DROP AS
SELECT "listing_id", "time_zone", "latitude", "longitude", "min_duration_minutes", "advance_notice_minutes",
  "booking_window_days", "slot_step_minutes" FROM "listing_free_days";--> statement-breakpoint
TRUNCATE "listing_free_days";--> statement-breakpoint
ALTER TABLE "listing_free_days" DROP COLUMN "day_longest";--> statement-breakpoint
ALTER TABLE "listing_free_days" DROP COLUMN "day_longest_start";--> statement-breakpoint
ALTER TABLE "listing_free_days" DROP COLUMN "day_reach";--> statement-breakpoint
ALTER TABLE "listing_free_days" ADD COLUMN "first_day" integer;--> statement-breakpoint
ALTER TABLE "listing_free_days" ADD COLUMN "day_longest" bytea;--> statement-breakpoint
ALTER TABLE "listing_free_days" ADD COLUMN "day_longest_start" bytea;--> statement-breakpoint
ALTER TABLE "listing_free_days" ADD COLUMN "day_reach" bytea;--> statement-breakpoint
-- Rows from before the summary (null arrays) stay unsummarised: the daily refresh fills them.
INSERT INTO "listing_free_days" ("listing_id", "time_zone", "latitude", "longitude", "min_duration_minutes",
  "advance_notice_minutes", "booking_window_days", "slot_step_minutes", "first_day", "day_longest",
  "day_longest_start", "day_reach")
SELECT r."listing_id", r."time_zone", r."latitude", r."longitude", r."min_duration_minutes",
  r."advance_notice_minutes", r."booking_window_days", r."slot_step_minutes", b."first_day", b."longest",
  b."start", b."reach"
FROM "free_days_rest" r LEFT JOIN "free_days_bytes" b ON b."listing_id" = r."listing_id"
ORDER BY floor(r."latitude" * 4), floor(r."longitude" * 4), r."latitude", r."longitude";--> statement-breakpoint
-- A summary byte, or null for a day the row does not cover (as an array's subscript would be).
CREATE FUNCTION hora_day_byte(days bytea, first_day integer, day integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN day >= first_day AND day < first_day + length(days) THEN get_byte(days, day - first_day) END $$;--> statement-breakpoint
-- Every column a date search reads, so its count in a map box is an index-only scan.
CREATE INDEX "listing_free_days_latlng_idx" ON "listing_free_days" ("latitude", "longitude")
  INCLUDE ("time_zone", "first_day", "day_longest", "day_longest_start", "day_reach", "min_duration_minutes",
    "advance_notice_minutes", "booking_window_days", "slot_step_minutes", "listing_id");--> statement-breakpoint
DROP INDEX "listing_free_days_point_idx";
