-- Stock given back by line and unit (issue 48): a partial refund returns the units the admin names,
-- each unit once, and which refund returned which units is kept.
CREATE TABLE "order_refund_items" (
	"refund_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_refund_items_refund_id_order_item_id_pk" PRIMARY KEY("refund_id","order_item_id"),
	CONSTRAINT "order_refund_items_quantity" CHECK ("order_refund_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_items" ADD CONSTRAINT "order_refund_items_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_items" ADD CONSTRAINT "order_refund_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_items_order_item_idx" ON "order_refund_items" USING btree ("order_item_id");--> statement-breakpoint
-- Before, an order's units went back all at once, marked by orders.stock_returned_at: every line of
-- such an order is back in full.
UPDATE "order_items" SET "returned_quantity" = "quantity"
WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "stock_returned_at" IS NOT NULL);--> statement-breakpoint
-- The refund that returned them was made in the same transaction (the same now()); a refund that
-- asked for it after the order's cancellation had returned them gave nothing back. The column
-- order_refunds.restock stays for the release before this one (decision 0034).
INSERT INTO "order_refund_items" ("refund_id", "order_item_id", "quantity")
SELECT "order_refunds"."id", "order_items"."id", "order_items"."quantity"
FROM "order_refunds"
JOIN "orders" ON "orders"."id" = "order_refunds"."order_id"
  AND "orders"."stock_returned_at" = "order_refunds"."created_at"
JOIN "order_items" ON "order_items"."order_id" = "orders"."id"
WHERE "order_refunds"."restock";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_returned" CHECK ("order_items"."returned_quantity" between 0 and "order_items"."quantity");