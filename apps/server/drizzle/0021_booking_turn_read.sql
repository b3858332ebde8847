-- hand-written: the listing's seat-holding bookings as the booking request reads them in its turn (decision 0052, addendum).
-- A statement reads what was committed when it started; the booking request's turn statement may
-- start, then wait for the listing's turn while the holder commits a booking. This function is
-- VOLATILE and in PL/pgSQL, so under READ COMMITTED its query takes a snapshot of its own when it
-- runs: called in the turn statement once the turn is taken, it sees every booking the previous
-- holder committed. Held ranges (buffers included) touching [from_at, until_at), as
-- [[start, end], …].
CREATE FUNCTION hora_seat_holding_now(listing uuid, from_at timestamptz, until_at timestamptz) RETURNS json
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  held json;
BEGIN
  SELECT coalesce(json_agg(json_build_array(lower(b.during), upper(b.during))), '[]'::json) INTO held
  FROM bookings b
  WHERE b.listing_id = listing AND b.holds_seats AND b.during && tstzrange(from_at, until_at);
  RETURN held;
END $$;
