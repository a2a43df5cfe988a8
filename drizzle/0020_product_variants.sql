-- Variants, brands and specs (decision 0030). What is sold, stocked and priced becomes a variant:
-- each product becomes one default variant carrying its price and stock (SKU 'VTR-<id>'), each
-- cart line and order line points at it, and products.stock goes (a product's stock is its active
-- variants' sum). products.price_cents stays as the lowest active price, and price_max_cents joins
-- it, kept by trigger, so the catalogue sorts and filters without reading the variants.
CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"option_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" bigint NOT NULL,
	"compare_at_cents" bigint,
	"stock" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"gtin" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_cents" > 0 and "product_variants"."price_cents" <= 100000000),
	CONSTRAINT "product_variants_compare_at_above_price" CHECK ("product_variants"."compare_at_cents" > "product_variants"."price_cents"),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_sku_length" CHECK (char_length("product_variants"."sku") between 1 and 64),
	CONSTRAINT "product_variants_gtin_digits" CHECK ("product_variants"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$'),
	CONSTRAINT "product_variants_option_values_array" CHECK (jsonb_typeof("product_variants"."option_values") = 'array')
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "sku", "price_cents", "stock", "created_at")
  SELECT "id", 'VTR-' || "id", "price_cents", "stock", "created_at" FROM "products" ORDER BY "id";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_key" ON "product_variants" USING btree ("product_id","option_values");--> statement-breakpoint
CREATE INDEX "product_variants_product_order_idx" ON "product_variants" USING btree ("product_id","display_order");--> statement-breakpoint

ALTER TABLE "products" ADD COLUMN "price_max_cents" bigint;--> statement-breakpoint
UPDATE "products" SET "price_max_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_max_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_range" CHECK ("products"."price_max_cents" >= "products"."price_cents");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_length" CHECK (char_length("products"."brand") between 1 and 80);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_options_array" CHECK (jsonb_typeof("products"."options") = 'array' and jsonb_array_length("products"."options") <= 3);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_specs_array" CHECK (jsonb_typeof("products"."specs") = 'array');--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint

ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_variant_id_pk" PRIMARY KEY("user_id","variant_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_variant_id_idx" ON "cart_items" USING btree ("variant_id");--> statement-breakpoint

ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "order_items" o SET "variant_id" = v."id", "sku" = v."sku" FROM "product_variants" v WHERE v."product_id" = o."product_id";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_id_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint

ALTER TABLE "product_images" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_variant_id_idx" ON "product_images" USING btree ("variant_id");--> statement-breakpoint

-- A product change raises the catalogue's version as before (migration 0007); its stock no longer
-- lives here, so only the columns pages show are compared.
CREATE OR REPLACE FUNCTION products_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- Every column a page shows; a new column shown on a page belongs here too.
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.name, o.description, o.price_cents, o.price_max_cents, o.category, o.brand, o.image,
           o.options, o.specs, o.created_at)
            IS DISTINCT FROM
          (n.name, n.description, n.price_cents, n.price_max_cents, n.category, n.brand, n.image,
           n.options, n.specs, n.created_at)
  ) THEN
    PERFORM bump_catalog_version_now();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_non_negative";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";--> statement-breakpoint

-- A product's price range follows its variants: the lowest and highest price of the active ones
-- (of all of them while none is active). Only the admin and imports change prices, so the
-- product's row is never the point where concurrent checkouts queue (they change stock only).
CREATE OR REPLACE FUNCTION refresh_product_price_range(changed_product_ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE products p
     SET price_cents = r.low, price_max_cents = r.high
    FROM (
      SELECT v.product_id,
             coalesce(min(v.price_cents) FILTER (WHERE v.active), min(v.price_cents)) AS low,
             coalesce(max(v.price_cents) FILTER (WHERE v.active), max(v.price_cents)) AS high
        FROM product_variants v
       WHERE v.product_id = ANY (changed_product_ids)
       GROUP BY v.product_id
    ) r
   WHERE p.id = r.product_id AND (p.price_cents, p.price_max_cents) IS DISTINCT FROM (r.low, r.high);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM refresh_product_price_range(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  PERFORM bump_catalog_version_now();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM refresh_product_price_range(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  PERFORM bump_catalog_version_now();
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A sale changes only stock: it names the products whose shown stock changed on NOTIFY
-- product_stock, and only the cached pages showing them are dropped (migration 0007). Any other
-- change, and a stock change that makes a variant available or sold out (which changes what the
-- listings and the product page offer), raises the version.
CREATE OR REPLACE FUNCTION product_variants_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed_ids text;
BEGIN
  PERFORM refresh_product_price_range(ARRAY(
    SELECT DISTINCT n.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.price_cents, o.active, o.product_id) IS DISTINCT FROM (n.price_cents, n.active, n.product_id)));
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.product_id, o.sku, o.option_values, o.price_cents, o.compare_at_cents, o.active, o.gtin,
           o.display_order)
            IS DISTINCT FROM
          (n.product_id, n.sku, n.option_values, n.price_cents, n.compare_at_cents, n.active, n.gtin,
           n.display_order)
       OR (o.stock > 0) <> (n.stock > 0)
  ) THEN
    PERFORM bump_catalog_version_now();
    RETURN NULL;
  END IF;
  -- Pages show stock up to 100 (MAX_QUANTITY_PER_ITEM, `shownStock`): a sale that leaves more
  -- than that changes nothing they show.
  SELECT string_agg(DISTINCT n.product_id::text, ',') INTO changed_ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE least(o.stock, 100) <> least(n.stock, 100);
  IF changed_ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- A NOTIFY payload holds under 8000 bytes: a bulk change is announced as a new version instead.
  IF length(changed_ids) > 7000 THEN
    PERFORM bump_catalog_version_now();
  ELSE
    PERFORM pg_notify('product_stock', changed_ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_insert_follow_changes
  AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_inserted();--> statement-breakpoint
CREATE TRIGGER product_variants_delete_follow_changes
  AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_deleted();--> statement-breakpoint
CREATE TRIGGER product_variants_update_follow_changes
  AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_updated();--> statement-breakpoint
CREATE TRIGGER product_variants_truncate_bump_catalog_version
  AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
