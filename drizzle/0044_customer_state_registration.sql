-- The state registration (inscrição estadual) of a company that buys (issue 54, point 6): kept
-- in its profile and, as given at checkout, on its order, for the nota fiscal's addressee. Two
-- new nullable columns: existing profiles and orders keep none (a company that pays no ICMS).
ALTER TABLE "orders" ADD COLUMN "customer_state_registration" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "state_registration" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_state_registration" CHECK ("orders"."customer_state_registration" ~ '^([0-9]{2,14}|ISENTO)$');--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_state_registration" CHECK ("profiles"."state_registration" is null or ("profiles"."user_type" = 'PJ' and "profiles"."state_registration" ~ '^([0-9]{2,14}|ISENTO)$'));