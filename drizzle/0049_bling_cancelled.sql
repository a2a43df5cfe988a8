-- A sale undone in whole after it reached Bling (issue 54, point 4): its sales order moves to the
-- owner's 'Cancelado' situation (12 in a new Bling account), and the row keeps when. A sent order
-- may wait in the queue again for that, its sales order kept: the check now only asks a sent one
-- to have its sales order and date.
ALTER TABLE "bling_orders" DROP CONSTRAINT "bling_orders_sent";--> statement-breakpoint
ALTER TABLE "bling_connection" ADD COLUMN "cancelled_situation_id" integer DEFAULT 12;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bling_orders" ADD CONSTRAINT "bling_orders_sent" CHECK ("bling_orders"."state" <> 'sent' or ("bling_orders"."sales_order_id" is not null and "bling_orders"."sent_at" is not null));