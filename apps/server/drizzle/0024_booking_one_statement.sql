-- hand-written (decision 0060): a booking request written in one statement, its free time computed
-- from its context read, and refused when what that free time was computed from changed since.
--
-- hora_free_time_stamp: a digest of everything a listing's free time is computed from: the listing's
-- row version (its plan and booking rules; any change of the row gives a new xmin), its exceptions
-- ending after from_at, and its seat-holding bookings touching [held_from, held_until). STABLE: it
-- reads with the snapshot of the query that calls it, so the booking request's context read gets the
-- digest of exactly what it read alongside (in PL/pgSQL for its cached plan).
CREATE FUNCTION hora_free_time_stamp(listing uuid, from_at timestamptz, held_from timestamptz,
  held_until timestamptz) RETURNS text
  LANGUAGE plpgsql STABLE
  AS $$
BEGIN
  -- Ranges as text: a digest to compare, never parsed; both sides run in sessions set alike.
  RETURN md5(concat_ws('|',
    (SELECT l.xmin::text FROM listings l WHERE l.id = listing),
    (SELECT string_agg(concat_ws(',', x.starts_at, x.ends_at, x.seats), ';' ORDER BY x.starts_at, x.ends_at, x.seats)
     FROM availability_exceptions x WHERE x.listing_id = listing AND x.ends_at > from_at),
    (SELECT string_agg(concat_ws(',', b.during, b.seats), ';' ORDER BY b.during, b.seats)
     FROM bookings b
     WHERE b.listing_id = listing AND b.holds_seats AND b.during && tstzrange(held_from, held_until))));
END $$;
--> statement-breakpoint
-- hora_booking_gate: called in the booking's statement once the listing's turn is taken. VOLATILE
-- and in PL/pgSQL, so under READ COMMITTED its query takes a snapshot of its own as it runs and sees
-- what the previous holder of the turn committed (as hora_seat_holding_now, migration 0021). It
-- raises, failing the whole statement so that nothing of it is written, when the request's
-- Idempotency-Key was taken by another request (HRK01), or when the listing's free-time inputs are
-- no longer those the request computed its free time from: with 23P01 when a seat-holding booking
-- now overlaps the one asked for (`wanted`; the exclusion constraint would refuse it), with HRS01
-- otherwise, and the caller then books the listing the long way, reading them in its turn.
CREATE FUNCTION hora_booking_gate(listing uuid, from_at timestamptz, held_from timestamptz,
  held_until timestamptz, expected text, claimed boolean, wanted tstzrange) RETURNS boolean
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF NOT claimed THEN
    RAISE EXCEPTION 'idempotency key taken' USING ERRCODE = 'HRK01';
  END IF;
  IF hora_free_time_stamp(listing, from_at, held_from, held_until) IS DISTINCT FROM expected THEN
    IF EXISTS (SELECT 1 FROM bookings b WHERE b.listing_id = listing AND b.holds_seats AND b.during && wanted) THEN
      RAISE EXCEPTION 'the time asked for is taken' USING ERRCODE = 'exclusion_violation';
    END IF;
    RAISE EXCEPTION 'free-time inputs changed' USING ERRCODE = 'HRS01';
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
-- hora_jobs_queued: the number of jobs the booking's statement queued, or an error (HRQ01) when a
-- queue was never declared and fewer were queued than asked: the statement, with no transaction
-- around it, then writes nothing instead of a booking without its timer.
CREATE FUNCTION hora_jobs_queued(queued integer, expected integer) RETURNS integer
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF queued < expected THEN
    RAISE EXCEPTION 'only % of % jobs queued', queued, expected USING ERRCODE = 'HRQ01';
  END IF;
  RETURN queued;
END $$;
