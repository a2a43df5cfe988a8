-- Automatic promotions (issue 53, decision 0040): a percentage off a category or a brand for a
-- window, without a code. The promotion running on a variant is written on it (its id and
-- percentage) and its price follows in generated columns, so the pages, the catalogue's index, the
-- cart, the order and the feed read one price, and starting or ending a promotion is a catalogue
-- change like any other (the triggers of migrations 0020 and 0021 raise the version). A new
-- variant, or a product moved to another category or brand, takes the promotion it falls under at
-- once; a window starting or ending is applied by the store's 'promoções' job
-- (refresh_promotions()).
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"percent_basis_points" integer NOT NULL,
	"category" text,
	"brand" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_name_length" CHECK (char_length("promotions"."name") between 1 and 80),
	CONSTRAINT "promotions_percent" CHECK ("promotions"."percent_basis_points" between 100 and 9000),
	CONSTRAINT "promotions_covers_one" CHECK (("promotions"."category" is null) <> ("promotions"."brand" is null)),
	CONSTRAINT "promotions_window" CHECK ("promotions"."ends_at" > "promotions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "promotion_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sale_price_cents" bigint GENERATED ALWAYS AS (price_cents - price_cents * promotion_basis_points / 10000) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "former_price_cents" bigint GENERATED ALWAYS AS (case when promotion_basis_points > 0 then greatest(compare_at_cents, price_cents) else compare_at_cents end) STORED;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_promotion_percent" CHECK ("product_variants"."promotion_basis_points" between 0 and 9000);
--> statement-breakpoint

-- The promotion running at `at` on a product of this category and brand: the highest percentage.
CREATE OR REPLACE FUNCTION running_promotion(of_category text, of_brand text, at timestamptz)
  RETURNS TABLE (id integer, percent_basis_points integer)
  LANGUAGE sql STABLE
  AS $$
  SELECT pr.id, pr.percent_basis_points FROM promotions pr
   WHERE pr.active AND pr.starts_at <= at AND at < pr.ends_at
     AND (pr.category = of_category OR pr.brand = of_brand)
   ORDER BY pr.percent_basis_points DESC, pr.id
   LIMIT 1
$$;--> statement-breakpoint

-- Writes on the variants of these products (all of them for null) the promotion running at `at`;
-- only the variants whose promotion changes are written. The store's job passes its own clock, the
-- one it saw a window's edge pass by; the triggers and the admin's saves, the database's.
CREATE OR REPLACE FUNCTION refresh_promotions(product_ids integer[], at timestamptz) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE product_variants v
     SET promotion_id = running.id, promotion_basis_points = coalesce(running.percent_basis_points, 0)
    FROM products p
    LEFT JOIN LATERAL running_promotion(p.category, p.brand, at) running ON true
   WHERE v.product_id = p.id
     AND (product_ids IS NULL OR p.id = ANY (product_ids))
     AND (v.promotion_id, v.promotion_basis_points)
           IS DISTINCT FROM (running.id, coalesce(running.percent_basis_points, 0))
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION product_variant_takes_promotion() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT running.id, running.percent_basis_points INTO NEW.promotion_id, NEW.promotion_basis_points
    FROM products p, running_promotion(p.category, p.brand, now()) running
   WHERE p.id = NEW.product_id;
  NEW.promotion_basis_points := coalesce(NEW.promotion_basis_points, 0);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_insert_take_promotion
  BEFORE INSERT ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variant_takes_promotion();--> statement-breakpoint

-- A product's own price range is written from its variants' (refresh_product_price_range), so
-- this follows only a change of category or brand, and only when a row's did change.
CREATE OR REPLACE FUNCTION products_regrouped() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  regrouped_ids integer[];
BEGIN
  regrouped_ids := ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.category, o.brand) IS DISTINCT FROM (n.category, n.brand));
  IF cardinality(regrouped_ids) > 0 THEN
    PERFORM refresh_promotions(regrouped_ids, now());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_update_follow_promotions
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_regrouped();--> statement-breakpoint

-- As in migration 0020, on the prices the variants sell for now.
CREATE OR REPLACE FUNCTION refresh_product_price_range(changed_product_ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE products p
     SET price_cents = r.low, price_max_cents = r.high
    FROM (
      SELECT v.product_id,
             coalesce(min(v.sale_price_cents) FILTER (WHERE v.active), min(v.sale_price_cents)) AS low,
             coalesce(max(v.sale_price_cents) FILTER (WHERE v.active), max(v.sale_price_cents)) AS high
        FROM product_variants v
       WHERE v.product_id = ANY (changed_product_ids)
       GROUP BY v.product_id
    ) r
   WHERE p.id = r.product_id AND (p.price_cents, p.price_max_cents) IS DISTINCT FROM (r.low, r.high);
END
$$;--> statement-breakpoint

-- As in migration 0021, with the promotion among what a page shows.
CREATE OR REPLACE FUNCTION product_variants_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed_ids integer[];
  stock_changed_ids text;
BEGIN
  PERFORM refresh_product_price_range(ARRAY(
    SELECT DISTINCT n.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.sale_price_cents, o.active, o.product_id) IS DISTINCT FROM (n.sale_price_cents, n.active, n.product_id)));
  -- A variant moved to another product changes both.
  changed_ids := ARRAY(
    SELECT unnest(ARRAY[o.product_id, n.product_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.product_id, o.sku, o.option_values, o.price_cents, o.compare_at_cents, o.active, o.gtin,
           o.display_order, o.promotion_id, o.promotion_basis_points)
            IS DISTINCT FROM
          (n.product_id, n.sku, n.option_values, n.price_cents, n.compare_at_cents, n.active, n.gtin,
           n.display_order, n.promotion_id, n.promotion_basis_points)
       OR (o.stock > 0) <> (n.stock > 0));
  IF cardinality(changed_ids) > 0 THEN
    PERFORM record_catalog_change(changed_ids);
    RETURN NULL;
  END IF;
  -- Pages show stock up to 100 (MAX_QUANTITY_PER_ITEM, `shownStock`): a sale that leaves more
  -- than that changes nothing they show.
  SELECT string_agg(DISTINCT n.product_id::text, ',') INTO stock_changed_ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE least(o.stock, 100) <> least(n.stock, 100);
  IF stock_changed_ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- A NOTIFY payload holds under 8000 bytes: a bulk change is announced as a new version instead.
  IF length(stock_changed_ids) > 7000 THEN
    PERFORM record_catalog_change(ARRAY(
      SELECT DISTINCT n.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE least(o.stock, 100) <> least(n.stock, 100)));
  ELSE
    PERFORM pg_notify('product_stock', stock_changed_ids);
  END IF;
  RETURN NULL;
END
$$;
