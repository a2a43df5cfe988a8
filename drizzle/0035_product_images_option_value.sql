-- A photo of one option value (issue 51, point 3): the colour 'Preto' of option 0 shows it first
-- with every variant that has it. Additive and nullable: the previous release neither reads nor
-- writes the columns, and every photo it has reads as the product's or its variant's, as before.
ALTER TABLE "product_images" ADD COLUMN "option_index" smallint;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "option_value" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_shown_with" CHECK (("product_images"."option_index" is null) = ("product_images"."option_value" is null)
        and not ("product_images"."variant_id" is not null and "product_images"."option_index" is not null)
        and coalesce("product_images"."option_index" between 0 and 2, true));