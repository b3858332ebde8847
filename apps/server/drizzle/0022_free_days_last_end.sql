-- hand-written (decision 0058): per local day, where the listing's free time ends, so a date search
-- rules out, from the summary alone, a listing whose time left after now + notice on the asked day
-- is too short. One byte a day from "first_day": half hours elapsed from the day's start to the
-- latest end of a free stretch meeting the day, cut at the day's end, rounded up (as the refresh
-- writes it). Existing rows are computed from their exact free time; rows not summarised stay null.
ALTER TABLE "listing_free_days" ADD COLUMN "day_last_end" bytea;--> statement-breakpoint
UPDATE "listing_free_days" d SET "day_last_end" = (
  SELECT decode(string_agg(lpad(to_hex(coalesce(e."units", 0)), 2, '0'), '' ORDER BY i), 'hex')
  FROM generate_series(0, length(d."day_longest") - 1) i
  CROSS JOIN LATERAL (
    SELECT (date '1970-01-01' + d."first_day" + i)::timestamp AT TIME ZONE d."time_zone" AS "starts",
      (date '1970-01-01' + d."first_day" + i + 1)::timestamp AT TIME ZONE d."time_zone" AS "ends"
  ) b
  LEFT JOIN LATERAL (
    SELECT ceil(extract(epoch FROM max(least(upper(r), b."ends")) - b."starts") / 1800)::int AS "units"
    FROM "listing_free_time" t, unnest(t."free") r
    WHERE t."listing_id" = d."listing_id" AND lower(r) < b."ends" AND upper(r) > b."starts"
  ) e ON true
) WHERE d."day_longest" IS NOT NULL AND d."first_day" IS NOT NULL;--> statement-breakpoint
DROP INDEX "listing_free_days_latlng_idx";--> statement-breakpoint
-- Every column a date search reads, so its count in a map box stays an index-only scan.
CREATE INDEX "listing_free_days_latlng_idx" ON "listing_free_days" ("latitude", "longitude")
  INCLUDE ("time_zone", "first_day", "day_longest", "day_longest_start", "day_reach", "day_last_end",
    "min_duration_minutes", "advance_notice_minutes", "booking_window_days", "slot_step_minutes", "listing_id");
