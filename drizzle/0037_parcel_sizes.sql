-- A parcel's weight and sides (issue 52, point 1), on products and, where a variant differs, on
-- variants; null is "not given" (a variant takes its product's, a product the store's default).
-- Additive: the previous release neither reads nor writes them, and its inserts leave them null.
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_weight_grams" CHECK ("product_variants"."weight_grams" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_sides_cm" CHECK ("product_variants"."height_cm" between 1 and 200 and "product_variants"."width_cm" between 1 and 200 and "product_variants"."length_cm" between 1 and 200);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams" CHECK ("products"."weight_grams" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sides_cm" CHECK ("products"."height_cm" between 1 and 200 and "products"."width_cm" between 1 and 200 and "products"."length_cm" between 1 and 200);