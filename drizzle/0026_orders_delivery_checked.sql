-- Delivery by the carrier's tracking (issue 29): when the delivery job last asked the carrier about
-- a shipped order's parcel, so it asks once an hour at most; shipped orders are found by index.
ALTER TABLE "orders" ADD COLUMN "delivery_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("delivery_checked_at") WHERE "orders"."status" = 'shipped';