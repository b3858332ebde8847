CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"type" text NOT NULL,
	"rating" smallint NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_one_per_author" UNIQUE("transaction_id","author_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_content_check" CHECK (char_length("reviews"."content") between 1 and 5000 and "reviews"."content" = btrim("reviews"."content", E' \t\r\n')),
	CONSTRAINT "reviews_type_check" CHECK ("reviews"."type" in ('ofProvider', 'ofCustomer')),
	CONSTRAINT "reviews_state_check" CHECK ("reviews"."state" in ('pending', 'public')),
	CONSTRAINT "reviews_not_self_check" CHECK ("reviews"."author_id" <> "reviews"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_listing_public_idx" ON "reviews" USING btree ("listing_id","created_at" DESC NULLS LAST) WHERE "reviews"."state" = 'public' and "reviews"."type" = 'ofProvider';--> statement-breakpoint
CREATE INDEX "reviews_subject_public_idx" ON "reviews" USING btree ("subject_id","type","created_at" DESC NULLS LAST) WHERE "reviews"."state" = 'public';