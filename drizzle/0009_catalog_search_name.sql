-- The name as searches compare it, stored: the catalogue's index (decision 0010) loads it instead of
-- running unaccent on every name each time the catalogue changes.
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(name)) STORED NOT NULL;