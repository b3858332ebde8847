ALTER TABLE "transaction_messages" ADD COLUMN "offer_kind" text;--> statement-breakpoint
ALTER TABLE "transaction_messages" ADD COLUMN "offer_amount" integer;--> statement-breakpoint
ALTER TABLE "transaction_messages" ADD COLUMN "offer_currency" text;--> statement-breakpoint
ALTER TABLE "transaction_messages" ADD CONSTRAINT "transaction_messages_offer_check" CHECK (("transaction_messages"."offer_kind" is null and "transaction_messages"."offer_amount" is null and "transaction_messages"."offer_currency" is null)
        or ("transaction_messages"."offer_kind" in ('offered', 'accepted', 'declined') and "transaction_messages"."offer_amount" > 0
          and "transaction_messages"."offer_currency" ~ '^[A-Z]{3}$'));