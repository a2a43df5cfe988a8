CREATE TABLE "pix_charge_cancellations" (
	"provider" text NOT NULL,
	"charge_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charge_cancellations_provider_charge_id_pk" PRIMARY KEY("provider","charge_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_requested_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "sandbox_pix_charges" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pix_charge_cancellations_due_idx" ON "pix_charge_cancellations" USING btree ("next_attempt_at") WHERE "pix_charge_cancellations"."settled_at" is null;--> statement-breakpoint
-- Orders cancelled before this migration whose charge may still be paid: their charges are cancelled too.
INSERT INTO "pix_charge_cancellations" ("provider", "charge_id", "order_id")
SELECT "pix_provider", "pix_charge_id", "id" FROM "orders"
WHERE "status" = 'cancelled' AND "payment_status" <> 'paid' AND "pix_status" = 'ACTIVE'
  AND "pix_provider" IS NOT NULL AND "pix_charge_id" IS NOT NULL AND "pix_expires_at" > now();
