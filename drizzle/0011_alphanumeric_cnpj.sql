-- Since July 2026 a CNPJ's first 12 characters may be letters A-Z (2 numeric check digits stay):
-- stored compact and upper-case, so "12.abc.345/01de-35" and "12ABC34501DE35" are one number for
-- the unique index (decision 0012). Every CNPJ already stored (14 digits) passes the new check.
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_document_matches_type";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_document_matches_type" CHECK (("profiles"."user_type" = 'PF' and "profiles"."cpf" ~ '^[0-9]{11}$' and "profiles"."cnpj" is null and "profiles"."company_website" is null)
       or ("profiles"."user_type" = 'PJ' and "profiles"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$' and "profiles"."cpf" is null));
