CREATE TABLE "message_notifications" (
	"transaction_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"last_notified_at" timestamp with time zone NOT NULL,
	"message_id" uuid NOT NULL,
	CONSTRAINT "message_notifications_transaction_id_recipient_id_pk" PRIMARY KEY("transaction_id","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "payin_total" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "payout_total" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "transfer_destination" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_notifications" ADD CONSTRAINT "message_notifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notifications" ADD CONSTRAINT "message_notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_priced_check" CHECK ("transactions"."state" in ('initial', 'enquiry') or ("transactions"."payin_total" is not null and "transactions"."payout_total" is not null and "transactions"."transfer_destination" is not null));