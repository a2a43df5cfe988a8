-- The owner's settings ('Configurações da loja', decision 0029): one row, each saved section a key
-- of `sections`. A save changes what every page shows (name, colours, footer), so it raises the
-- catalogue's version in the same transaction, as a product change does (migration 0004): the
-- visitors' and customers' page caches of every instance drop their pages once per save.
CREATE TABLE "store_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK ("store_settings"."id")
);--> statement-breakpoint
INSERT INTO "store_settings" DEFAULT VALUES;--> statement-breakpoint
CREATE TRIGGER store_settings_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
