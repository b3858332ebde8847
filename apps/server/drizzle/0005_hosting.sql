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
ALTER TABLE "images" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "key_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "formats" text[] DEFAULT '{webp}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_account_links" ADD CONSTRAINT "sandbox_account_links_account_id_sandbox_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_connected_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_account_links_account_idx" ON "sandbox_account_links" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_kind_check" CHECK ("images"."kind" in ('avatar', 'listing'));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_listing_check" CHECK (("images"."kind" = 'listing') = ("images"."listing_id" is not null and "images"."position" is not null));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_position_check" CHECK ("images"."position" is null or "images"."position" >= 0);--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_formats_check" CHECK (cardinality("images"."formats") > 0 and "images"."formats" <@ array['webp', 'jpeg', 'avif']::text[]);--> statement-breakpoint
-- hand-written: image keys instead of URLs, the key check and the listing positions' uniqueness.
-- Existing avatars get their key prefix (the column was added with an empty default for them).
UPDATE "images" SET "key_prefix" = 'avatars/' || "id" || '/' WHERE "kind" = 'avatar' AND "key_prefix" = '';--> statement-breakpoint
-- users.image held the URL of an avatar's largest variant (`/uploads/avatars/<id>/square-small2x.webp`,
-- or the same path under another public base); it now holds that avatar's key prefix. A picture
-- Hora did not make (an identity provider's https URL) stays as it is.
UPDATE "users" SET "image" = "images"."key_prefix"
  FROM "images"
  WHERE "images"."owner_id" = "users"."id" AND "images"."kind" = 'avatar'
    AND "users"."image" LIKE '%/avatars/' || "images"."id" || '/square-small2x.webp';--> statement-breakpoint
-- A URL of ours whose avatar row is gone pointed at nothing: no picture (the initials show).
UPDATE "users" SET "image" = NULL WHERE "image" ~ '/avatars/[0-9a-f-]{36}/square-small2x\.webp$';--> statement-breakpoint
-- Keys are relative, made of safe segments, and end in `/` (so a prefix never matches a sibling).
ALTER TABLE "images" ADD CONSTRAINT "images_key_prefix_check"
  CHECK ("key_prefix" ~ '^[a-z0-9-]+(/[0-9a-f-]{36})+/$');--> statement-breakpoint
-- DEFERRABLE: checked at the end of each statement (not row by row), so one UPDATE can swap positions.
ALTER TABLE "images" ADD CONSTRAINT "images_listing_position_unique"
  UNIQUE ("listing_id", "position") DEFERRABLE INITIALLY IMMEDIATE;
