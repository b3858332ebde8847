ALTER TABLE "images" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "key_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "formats" text[] DEFAULT '{webp}'::text[] NOT NULL;--> statement-breakpoint
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
