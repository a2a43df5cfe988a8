-- A sale changes only stock. It no longer raises the catalogue version (which empties every cached
-- page and makes every checkout queue on the catalog_state row): it names the products whose stock
-- changed on NOTIFY product_stock, and only the cached pages showing them are dropped. Any other
-- change to products, and a stock change that makes a product available or sold out (which can
-- change what the home page lists), still raises the version as before.
CREATE OR REPLACE FUNCTION bump_catalog_version_now() RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id RETURNING version INTO next_version;
  PERFORM pg_notify('catalog_version', next_version::text);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM bump_catalog_version_now();
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_bump_catalog_version ON products;--> statement-breakpoint
CREATE TRIGGER products_insert_bump_catalog_version
  AFTER INSERT ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER products_delete_bump_catalog_version
  AFTER DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER products_truncate_bump_catalog_version
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed_ids text;
BEGIN
  -- Every column a page shows, except stock; a new column shown on a page belongs here too.
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.name, o.description, o.price_cents, o.category, o.image, o.created_at)
            IS DISTINCT FROM (n.name, n.description, n.price_cents, n.category, n.image, n.created_at)
       OR (o.stock > 0) <> (n.stock > 0)
  ) THEN
    PERFORM bump_catalog_version_now();
    RETURN NULL;
  END IF;
  -- Pages show stock up to 100 (MAX_QUANTITY_PER_ITEM, `shownStock`): a sale that leaves more
  -- than that changes nothing they show.
  SELECT string_agg(DISTINCT n.id::text, ',') INTO changed_ids
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
CREATE TRIGGER products_update_follow_changes
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_updated();
