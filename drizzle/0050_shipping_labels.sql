-- Shipping labels bought through Melhor Envio from the admin's order (issue 54, point 5): the
-- shipment Melhor Envio keeps for each order, its status when last seen, the NF-e key it went with,
-- why the last try stopped, and the claim of a try under way.
CREATE TABLE "shipping_labels" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"shipment_id" text,
	"shipment_status" text,
	"invoice_key" text NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_labels_invoice_key" CHECK ("shipping_labels"."invoice_key" ~ '^[0-9]{44}$')
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;