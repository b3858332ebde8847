-- hand-written (decision 0072): a date search for days past the summaries' first 16 counts its
-- matches in a map box from an index of the whole summaries, as one for the next two weeks does
-- from the index of their first 16 days. A generic plan cannot tell the two indexes apart (it
-- guesses one row in a box, for which the narrower index and a row fetched look cheaper), so the
-- index of the first 16 days becomes partial on a condition every row meets (the listings' check
-- keeps a booking window of 1 to 90 days): only the statement that states it, a search of the next
-- two weeks, may read that index.
CREATE INDEX "listing_free_days_zone_key_point_days_idx" ON "listing_free_days" ("zone_key", "latitude", "longitude")
  INCLUDE ("first_day", "min_duration_minutes", "advance_notice_minutes", "booking_window_days",
    "slot_step_minutes", "listing_id", "day_longest", "day_longest_start", "day_reach", "day_last_end");--> statement-breakpoint
CREATE INDEX "listing_free_days_zone_key_point_soon_idx" ON "listing_free_days" ("zone_key", "latitude", "longitude")
  INCLUDE ("first_day", "min_duration_minutes", "advance_notice_minutes", "booking_window_days",
    "slot_step_minutes", "listing_id", "soon_longest", "soon_longest_start", "soon_reach", "soon_last_end")
  WHERE "booking_window_days" > 0;--> statement-breakpoint
DROP INDEX "listing_free_days_zone_key_point_idx";
