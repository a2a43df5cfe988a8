DROP INDEX "payment_events_pending_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mismatch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mismatch_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "gave_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_events_pending_idx" ON "payment_events" USING btree ("next_attempt_at") WHERE "payment_events"."processed_at" is null and "payment_events"."gave_up_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_mismatch" CHECK (("orders"."payment_mismatch_at" is null) = ("orders"."payment_mismatch_cents" is null));--> statement-breakpoint
-- Events kept before this migration were marked processed even when the provider had not confirmed
-- them yet: those of an order still waiting for its payment are checked again.
UPDATE "payment_events" SET "processed_at" = NULL, "next_attempt_at" = now()
WHERE "processed_at" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "orders"
  WHERE "orders"."pix_provider" = "payment_events"."provider"
    AND "orders"."pix_charge_id" = "payment_events"."charge_id"
    AND "orders"."status" = 'pending'
    AND "orders"."payment_status" = 'pending'
);
