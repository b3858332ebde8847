DROP INDEX "transactions_customer_idx";--> statement-breakpoint
DROP INDEX "transactions_provider_idx";--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","last_transitioned_at","id");--> statement-breakpoint
CREATE INDEX "transactions_provider_idx" ON "transactions" USING btree ("provider_id","last_transitioned_at","id");--> statement-breakpoint
-- hand-written: live updates (decision 0048). Once a statement has written transitions or messages,
-- one notification per transaction on the channel `hora_live`, delivered to every listening server
-- instance when the writing transaction commits: the transaction, its two parties and the kind of
-- change. Never a message's content. Statement-level triggers, so a bulk insert (the demo data, the
-- benchmark's fill) notifies once per transaction, not once per row. A deleted session (log out,
-- password reset, an operator) is announced too, so its open event streams end on every instance.
CREATE FUNCTION "live_notify_transaction_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hora_live', json_build_object(
    'kind', TG_ARGV[0], 'transaction', t.id, 'customer', t.customer_id, 'provider', t.provider_id)::text)
  FROM (SELECT DISTINCT transaction_id FROM changed) AS c
  JOIN transactions AS t ON t.id = c.transaction_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_transitions_live" AFTER INSERT ON "transaction_transitions"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION "live_notify_transaction_change"('transition');--> statement-breakpoint
CREATE TRIGGER "transaction_messages_live" AFTER INSERT ON "transaction_messages"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION "live_notify_transaction_change"('message');--> statement-breakpoint
CREATE FUNCTION "live_notify_session_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hora_live', json_build_object('kind', 'session-ended', 'session', e.id)::text)
  FROM ended AS e;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_live" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT
  EXECUTE FUNCTION "live_notify_session_end"();
