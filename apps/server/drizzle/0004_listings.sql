CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exceptions_range_check" CHECK ("availability_exceptions"."ends_at" > "availability_exceptions"."starts_at"),
	CONSTRAINT "availability_exceptions_seats_check" CHECK ("availability_exceptions"."seats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificate" text,
	"rules" text,
	"capacity" integer,
	"video" text,
	"address" text,
	"building" text,
	"latitude" double precision,
	"longitude" double precision,
	"price_amount" integer,
	"price_currency" text,
	"negotiation" text DEFAULT 'no' NOT NULL,
	"min_price_amount" integer,
	"max_price_amount" integer,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"availability_plan" jsonb,
	"min_duration_minutes" integer DEFAULT 60 NOT NULL,
	"max_duration_minutes" integer,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"advance_notice_minutes" integer DEFAULT 0 NOT NULL,
	"booking_window_days" integer DEFAULT 90 NOT NULL,
	"slot_step_minutes" integer DEFAULT 60 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_state_check" CHECK ("listings"."state" in ('draft', 'pendingApproval', 'published', 'closed')),
	CONSTRAINT "listings_negotiation_check" CHECK ("listings"."negotiation" in ('yes', 'no')),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price_amount" is null or "listings"."price_amount" >= 0),
	CONSTRAINT "listings_capacity_check" CHECK ("listings"."capacity" is null or "listings"."capacity" > 0),
	CONSTRAINT "listings_slot_step_check" CHECK ("listings"."slot_step_minutes" in (30, 60) and "listings"."booking_window_days" between 1 and 90)
);
--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_listing_idx" ON "availability_exceptions" USING btree ("listing_id","starts_at");--> statement-breakpoint
CREATE INDEX "listings_author_created_idx" ON "listings" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_state_created_idx" ON "listings" USING btree ("state","created_at");--> statement-breakpoint
-- One listing's exceptions never overlap: the form offers only the free ranges, and this makes it so
-- even for two requests at once.
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_no_overlap"
  EXCLUDE USING gist ("listing_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
