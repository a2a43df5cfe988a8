-- Money in 64 bits: an order the spec allows (50 lines of 100 units at up to R$ 1.000.000) totals
-- R$ 5 billion, past a 32-bit integer. Each column keeps its values (int4 widens to int8); the
-- tables are rewritten, their indexes rebuilt, and their triggers (which compare values, not types)
-- are unchanged.
ALTER TABLE "order_items" ALTER COLUMN "unit_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_pix_charges" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;