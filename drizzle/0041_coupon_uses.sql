-- Coupon uses (issue 53): a new table, a new adjustment kind and a line's share of the coupon,
-- 0 for every existing line; nothing existing changes meaning, and the previous release, which
-- writes no coupon, keeps working on it.
CREATE TABLE "coupon_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"tax_id" text NOT NULL,
	"discount_cents" bigint NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_discount" CHECK ("coupon_uses"."discount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_adjustments" DROP CONSTRAINT "order_adjustments_kind";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "coupon_discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_order_idx" ON "coupon_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_customer_idx" ON "coupon_uses" USING btree ("coupon_id","tax_id");--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_kind" CHECK ("order_adjustments"."kind" in ('pix_discount', 'coupon', 'freight'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_coupon_discount" CHECK ("order_items"."coupon_discount_cents" between 0 and "order_items"."unit_price_cents" * "order_items"."quantity");