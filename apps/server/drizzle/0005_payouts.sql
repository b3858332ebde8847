CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"country" text NOT NULL,
	"business_type" text NOT NULL,
	"currently_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"past_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"bank_last4" text,
	"created_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_accounts_provider_account_id_unique" UNIQUE("provider_account_id"),
	CONSTRAINT "payout_accounts_provider_check" CHECK ("payout_accounts"."provider" in ('sandbox', 'stripe')),
	CONSTRAINT "payout_accounts_business_type_check" CHECK ("payout_accounts"."business_type" in ('individual', 'company'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"refresh_url" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"last4" text NOT NULL,
	"routing_number" text,
	"account_holder_name" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text,
	"country" text NOT NULL,
	"business_type" text NOT NULL,
	"email" text NOT NULL,
	"individual" jsonb,
	"company" jsonb,
	"business_profile" jsonb NOT NULL,
	"tos_acceptance" jsonb,
	"external_account" jsonb,
	"verification" text DEFAULT 'unverified' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_connected_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_account_links" ADD CONSTRAINT "sandbox_account_links_account_id_sandbox_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_account_links_account_idx" ON "sandbox_account_links" USING btree ("account_id");