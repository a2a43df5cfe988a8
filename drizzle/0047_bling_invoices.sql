-- The NF-e that comes back from Bling for each sales order (issue 54, point 3), and Bling's
-- webhooks kept once by their eventId. New nullable columns and a new table: no data moves.
CREATE TABLE "bling_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"resource_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_series" text;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_key" text;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_xml_url" text;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_danfe_url" text;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "invoice_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD CONSTRAINT "bling_orders_invoice_key" CHECK ("bling_orders"."invoice_key" ~ '^[0-9]{44}$');