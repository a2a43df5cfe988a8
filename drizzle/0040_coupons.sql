-- Coupons (issue 53): a new table, nothing existing changes. `uses` counts the uses reserved by
-- orders, taken by a guarded update so the limit holds under concurrent checkouts.
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"min_subtotal_cents" bigint,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"pix_only" boolean DEFAULT false NOT NULL,
	"only" jsonb DEFAULT '{"productIds":[],"categories":[],"brands":[]}'::jsonb NOT NULL,
	"except" jsonb DEFAULT '{"productIds":[],"categories":[],"brands":[]}'::jsonb NOT NULL,
	"on_sale_items" boolean DEFAULT true NOT NULL,
	"adds_to_pix_discount" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('percent', 'fixed', 'free_shipping')),
	CONSTRAINT "coupons_value" CHECK (case "coupons"."kind" when 'percent' then "coupons"."value" between 1 and 10000 when 'fixed' then "coupons"."value" between 1 and 100000000 else "coupons"."value" = 0 end),
	CONSTRAINT "coupons_code_format" CHECK ("coupons"."code" ~ '^[A-Z0-9_-]{3,30}$'),
	CONSTRAINT "coupons_uses" CHECK ("coupons"."uses" >= 0 and ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses")),
	CONSTRAINT "coupons_limits" CHECK (coalesce("coupons"."max_uses", 1) >= 1 and coalesce("coupons"."max_uses_per_customer", 1) >= 1),
	CONSTRAINT "coupons_window" CHECK ("coupons"."ends_at" is null or "coupons"."starts_at" is null or "coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");