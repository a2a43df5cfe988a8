-- The PIX discount of an order (issue 28): total_cents stays the amount to pay, the lines' PIX
-- total; these record the rate used and the amount taken off the list prices, for the receipt.
-- Orders placed before keep 0: they had no discount.
ALTER TABLE "orders" ADD COLUMN "pix_discount_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pix_discount" CHECK ("orders"."pix_discount_cents" >= 0 and "orders"."pix_discount_basis_points" between 0 and 5000);