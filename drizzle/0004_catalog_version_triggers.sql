-- The catalogue's version rises with every change to products or their images, inside the
-- changing transaction, and is announced on commit (NOTIFY catalog_version) to the servers
-- whose visitors' page caches depend on it.
INSERT INTO catalog_state (id, version) VALUES (true, 0) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id RETURNING version INTO next_version;
  PERFORM pg_notify('catalog_version', next_version::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER product_images_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
