-- hand-written (decision 0065): a booking's statement no longer computes the listing's free time, so
-- its gate only checks the Idempotency-Key (HRK01, as hora_booking_gate did first), and the stamp of
-- the free time's inputs that the gate compared goes with it, as does the turn's read of the
-- listing's bookings (the job's refresh reads them in its own turn).
CREATE FUNCTION hora_key_gate(claimed boolean) RETURNS boolean
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF NOT claimed THEN
    RAISE EXCEPTION 'idempotency key taken' USING ERRCODE = 'HRK01';
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
DROP FUNCTION hora_booking_gate(uuid, timestamptz, timestamptz, timestamptz, text, boolean, tstzrange);
--> statement-breakpoint
DROP FUNCTION hora_free_time_stamp(uuid, timestamptz, timestamptz, timestamptz);
--> statement-breakpoint
DROP FUNCTION hora_seat_holding_now(uuid, timestamptz, timestamptz);
