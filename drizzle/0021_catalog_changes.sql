-- Which products each catalogue version changed (decision 0010): a store process brings its listing
-- index up to date by reading only those products again, instead of the whole catalogue. The
-- product ids are written by the triggers that raise the version, after raising it and in the same
-- transaction: the version's row lock orders the writers, so once a process reads version W, every
-- change up to W is committed and logged under its own version. A null product stands for every
-- product (a TRUNCATE).
CREATE TABLE "catalog_changes" (
	"version" bigint NOT NULL,
	"product_id" integer
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_version_idx" ON "catalog_changes" USING btree ("version");--> statement-breakpoint

-- Raises the version and logs the products it changed; keeps the last 10,000 versions' changes.
CREATE OR REPLACE FUNCTION record_catalog_change(changed_product_ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed_version bigint;
BEGIN
  PERFORM bump_catalog_version_now();
  SELECT version INTO changed_version FROM catalog_state WHERE id;
  INSERT INTO catalog_changes (version, product_id)
    SELECT DISTINCT changed_version, changed FROM unnest(changed_product_ids) AS changed;
  DELETE FROM catalog_changes WHERE version <= changed_version - 10000;
END
$$;--> statement-breakpoint

-- The current version and the products changed after version `since`, read in one snapshot; no
-- ids (null) when they are not all known (a TRUNCATE, changes older than the log keeps) or more
-- than `max_products`: the caller then reads the whole catalogue.
CREATE OR REPLACE FUNCTION catalog_changes_since(since bigint, max_products integer)
  RETURNS TABLE (version bigint, product_ids integer[])
  LANGUAGE sql STABLE
  AS $$
  SELECT s.version,
         CASE WHEN s.version - since >= 10000 THEN NULL
              ELSE (SELECT CASE WHEN bool_or(c.product_id IS NULL) OR count(DISTINCT c.product_id) > max_products
                                THEN NULL
                                ELSE coalesce(array_agg(DISTINCT c.product_id), '{}') END
                      FROM catalog_changes c
                     WHERE c.version > since)
         END
    FROM catalog_state s
   WHERE s.id
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION products_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM record_catalog_change(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM record_catalog_change(ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM record_catalog_change(ARRAY[NULL]::integer[]);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_insert_bump_catalog_version ON products;--> statement-breakpoint
DROP TRIGGER products_delete_bump_catalog_version ON products;--> statement-breakpoint
DROP TRIGGER products_truncate_bump_catalog_version ON products;--> statement-breakpoint
DROP TRIGGER product_variants_truncate_bump_catalog_version ON product_variants;--> statement-breakpoint
CREATE TRIGGER products_insert_follow_changes
  AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_inserted();--> statement-breakpoint
CREATE TRIGGER products_delete_follow_changes
  AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_deleted();--> statement-breakpoint
CREATE TRIGGER products_truncate_follow_changes
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();--> statement-breakpoint
CREATE TRIGGER product_variants_truncate_follow_changes
  AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();--> statement-breakpoint

-- As in migration 0020, with the changed products logged.
CREATE OR REPLACE FUNCTION products_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed_ids integer[];
BEGIN
  -- Every column a page shows; a new column shown on a page belongs here too.
  changed_ids := ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.name, o.description, o.price_cents, o.price_max_cents, o.category, o.brand, o.image,
           o.options, o.specs, o.created_at)
            IS DISTINCT FROM
          (n.name, n.description, n.price_cents, n.price_max_cents, n.category, n.brand, n.image,
           n.options, n.specs, n.created_at));
  IF cardinality(changed_ids) > 0 THEN
    PERFORM record_catalog_change(changed_ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM refresh_product_price_range(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  PERFORM record_catalog_change(ARRAY(SELECT product_id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM refresh_product_price_range(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  PERFORM record_catalog_change(ARRAY(SELECT product_id FROM old_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed_ids integer[];
  stock_changed_ids text;
BEGIN
  PERFORM refresh_product_price_range(ARRAY(
    SELECT DISTINCT n.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.price_cents, o.active, o.product_id) IS DISTINCT FROM (n.price_cents, n.active, n.product_id)));
  -- A variant moved to another product changes both.
  changed_ids := ARRAY(
    SELECT unnest(ARRAY[o.product_id, n.product_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.product_id, o.sku, o.option_values, o.price_cents, o.compare_at_cents, o.active, o.gtin,
           o.display_order)
            IS DISTINCT FROM
          (n.product_id, n.sku, n.option_values, n.price_cents, n.compare_at_cents, n.active, n.gtin,
           n.display_order)
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
