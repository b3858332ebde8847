-- hand-written (decision 0060's addendum): hora_free_time_stamp as counts and sums of row hashes.
-- The same inputs as before (the listing's row version, its exceptions ending after from_at, its
-- seat-holding bookings touching [held_from, held_until)), without writing each range as text,
-- sorting the texts and hashing their concatenation: about a third of the time on sixty bookings,
-- and the booking request computes it twice (its context read and its gate). Both sides always
-- run the same function, so a stamp from before this migration only sends a request the long way.
-- A change of any row's range or seats changes its hash; a row added or gone changes the count.
CREATE OR REPLACE FUNCTION hora_free_time_stamp(listing uuid, from_at timestamptz, held_from timestamptz,
  held_until timestamptz) RETURNS text
  LANGUAGE plpgsql STABLE
  AS $$
BEGIN
  RETURN concat_ws('|',
    (SELECT l.xmin::text FROM listings l WHERE l.id = listing),
    (SELECT count(*) || ':' || coalesce(sum(hash_record_extended((x.starts_at, x.ends_at, x.seats), 0)), 0)
     FROM availability_exceptions x WHERE x.listing_id = listing AND x.ends_at > from_at),
    (SELECT count(*) || ':' || coalesce(sum(hash_record_extended((b.during, b.seats), 0)), 0)
     FROM bookings b
     WHERE b.listing_id = listing AND b.holds_seats AND b.during && tstzrange(held_from, held_until)));
END $$;
