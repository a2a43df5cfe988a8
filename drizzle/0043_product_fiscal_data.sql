-- What the nota fiscal needs of a product (issue 54, point 6): its NCM (8 digits) and the ICMS
-- origin of the goods (0 to 8). Two new nullable columns: existing products keep theirs empty
-- until the owner fills them in; no page shows them, so the catalogue's triggers ignore them.
ALTER TABLE "products" ADD COLUMN "ncm" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ncm_digits" CHECK ("products"."ncm" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origin_code" CHECK ("products"."origin" between 0 and 8);