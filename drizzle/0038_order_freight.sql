-- An order's freight (issue 52, point 5): the quote the customer confirmed, kept on the order, and
-- its price as an adjustment of the total. Additive: an order of the previous release has no
-- freight (it shipped free), and that release reads an adjustment of any kind as a labelled line.
ALTER TABLE "order_adjustments" DROP CONSTRAINT "order_adjustments_kind";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight" jsonb;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_kind" CHECK ("order_adjustments"."kind" in ('pix_discount', 'freight'));