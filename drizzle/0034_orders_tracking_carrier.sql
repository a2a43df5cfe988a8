-- A parcel's carrier (issue 51, point 6): the Correios, Jadlog, Loggi or another one the admin
-- names. Additive: every order keeps its code and reads as the Correios', as all codes were; the
-- previous release neither reads nor writes the new columns, and the Correios codes it saves
-- satisfy the carrier-aware check that replaces the Correios-only one (on an order this release
-- gave another carrier, its save is refused by the check until it is replaced).
ALTER TABLE "orders" DROP CONSTRAINT "orders_tracking_code";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier" text DEFAULT 'correios' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracking_carrier" CHECK ("orders"."tracking_carrier" in ('correios', 'jadlog', 'loggi', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracking_carrier_name" CHECK (("orders"."tracking_carrier" = 'other') = ("orders"."tracking_carrier_name" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracking_code" CHECK (case "orders"."tracking_carrier"
        when 'correios' then "orders"."tracking_code" ~ '^[A-Z]{2}[0-9]{9}[A-Z]{2}$'
        when 'jadlog' then "orders"."tracking_code" ~ '^[0-9]{14}$'
        when 'loggi' then "orders"."tracking_code" ~ '^[A-Za-z0-9-]{4,40}$'
        else char_length("orders"."tracking_code") between 4 and 40 end);