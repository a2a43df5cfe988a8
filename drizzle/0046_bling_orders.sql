-- Each paid order's hand-off to Bling as a 'pedido de venda' (issue 54, point 2), and the time
-- from which paid orders go (set at the first connection). A new table and a nullable column: the
-- orders paid before the store connects to Bling are not sent.
CREATE TABLE "bling_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"sales_order_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bling_orders_state" CHECK ("bling_orders"."state" in ('waiting', 'sent', 'failed')),
	CONSTRAINT "bling_orders_sent" CHECK (("bling_orders"."state" = 'sent') = ("bling_orders"."sales_order_id" is not null and "bling_orders"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "bling_connection" ADD COLUMN "orders_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD CONSTRAINT "bling_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bling_orders_due_idx" ON "bling_orders" USING btree ("next_attempt_at") WHERE "bling_orders"."state" = 'waiting';