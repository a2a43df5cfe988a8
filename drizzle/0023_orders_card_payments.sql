-- Cards and boleto (issue 28): an order says how it is paid; a card order keeps its checkout at the
-- card provider and its payment as last read from it. The expiry is the order's, whatever the method.
-- Orders placed before were all paid by PIX and keep their expiry.
ALTER TABLE "orders" RENAME COLUMN "pix_expires_at" TO "payment_expires_at";--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_checkout_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_payment_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_payment_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_installments" integer;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."payment_status" = 'pending' and "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" in ('pix', 'card'));