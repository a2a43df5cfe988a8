-- The 'Revendedor Oficial' page's text left blank now means the standard sentence with the store's
-- name of the moment (issue 51, point 4). A home section saved with the earlier default, which named
-- the demo store 'Vitrine', gets that blank, so a store renamed since shows its own name. Only such a
-- store is updated: the settings' statement trigger raises the catalogue's version on any UPDATE.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "store_settings"
    WHERE "sections" #>> '{home,resellerText}' = 'A Vitrine é revendedora oficial das marcas que vende: procedência garantida, nota fiscal e garantia em todos os pedidos.'
  ) THEN
    UPDATE "store_settings"
    SET "sections" = jsonb_set("sections", '{home,resellerText}', 'null'::jsonb);
  END IF;
END $$;
