-- After the sale (issue 29): an order is shipped, delivered, returned; its payment is refunded in
-- full or in part through its provider (`order_refunds`) or disputed. Orders already cancelled had
-- their units returned to stock; orders already completed count as delivered when they were
-- completed (the 7 days of withdrawal count from it).
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"origin" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"provider" text,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"requested_by" text,
	"confirmed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_status" CHECK ("order_refunds"."status" in ('pending', 'confirmed', 'failed')),
	CONSTRAINT "order_refunds_origin" CHECK ("order_refunds"."origin" in ('admin', 'withdrawal')),
	CONSTRAINT "order_refunds_confirmed" CHECK (("order_refunds"."status" = 'confirmed') = ("order_refunds"."confirmed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_statuses";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("checked_at") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_statuses" CHECK ("order_status_history"."from_status" in ('pending', 'processing', 'completed', 'cancelled', 'shipped', 'delivered', 'return_requested', 'returned') and "order_status_history"."to_status" in ('pending', 'processing', 'completed', 'cancelled', 'shipped', 'delivered', 'return_requested', 'returned'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'processing', 'completed', 'cancelled', 'shipped', 'delivered', 'return_requested', 'returned'));--> statement-breakpoint
UPDATE "orders" SET "stock_returned_at" = "updated_at" WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = coalesce(
  (SELECT max("created_at") FROM "order_status_history" h WHERE h."order_id" = "orders"."id" AND h."to_status" = 'completed'),
  "updated_at"
) WHERE "status" = 'completed';
