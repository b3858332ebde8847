CREATE TABLE "bookings" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"during" "tstzrange" NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"holds_seats" boolean NOT NULL,
	CONSTRAINT "bookings_range_check" CHECK ("bookings"."start" < "bookings"."end")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" uuid,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "transaction_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_payments" (
	"transaction_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"action" text NOT NULL,
	"provider_object_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_payments_transaction_id_transition_action_pk" PRIMARY KEY("transaction_id","transition","action")
);
--> statement-breakpoint
CREATE TABLE "transaction_transitions" (
	"transaction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"transition" text NOT NULL,
	"by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_transitions_transaction_id_position_pk" PRIMARY KEY("transaction_id","position"),
	CONSTRAINT "transaction_transitions_once" UNIQUE("transaction_id","transition")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"process_alias" text NOT NULL,
	"state" text NOT NULL,
	"last_transition" text,
	"last_transitioned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"line_items" jsonb NOT NULL,
	"payin_total" integer NOT NULL,
	"payout_total" integer NOT NULL,
	"currency" text NOT NULL,
	"negotiated_unit_price" integer,
	"transfer_destination" text NOT NULL,
	"payment_customer_id" text,
	"payment_method_id" text,
	"save_card" boolean DEFAULT false NOT NULL,
	"payment_intent_id" text,
	"payment_intent_status" text,
	"payment_expires_at" timestamp with time zone,
	"next_timer_at" timestamp with time zone,
	"protected_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "transactions_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "transactions_money_check" CHECK ("transactions"."payin_total" >= 0 and "transactions"."payout_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_messages" ADD CONSTRAINT "transaction_messages_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_messages" ADD CONSTRAINT "transaction_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD CONSTRAINT "transaction_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_transitions" ADD CONSTRAINT "transaction_transitions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transaction_messages_transaction_idx" ON "transaction_messages" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","last_transitioned_at");--> statement-breakpoint
CREATE INDEX "transactions_provider_idx" ON "transactions" USING btree ("provider_id","last_transitioned_at");--> statement-breakpoint
CREATE INDEX "transactions_next_timer_idx" ON "transactions" USING btree ("next_timer_at") WHERE "transactions"."next_timer_at" is not null;--> statement-breakpoint
CREATE INDEX "transactions_listing_idx" ON "transactions" USING btree ("listing_id");--> statement-breakpoint
-- hand-written: the last word against double booking. Two bookings of one listing that hold seats
-- (core's holdsSeats: pending-payment, preauthorized, accepted) never overlap, buffers included in
-- `during`; a concurrent insert waits for the other's commit and then fails with 23P01. The same
-- partial GiST index answers the time slots' "what holds this range" read.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("listing_id" WITH =, "during" WITH &&) WHERE ("holds_seats");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_during_check" CHECK (NOT isempty("during") AND lower("during") <= "start" AND upper("during") >= "end");
