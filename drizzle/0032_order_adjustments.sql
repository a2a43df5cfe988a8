CREATE TABLE "order_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"basis_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_adjustments_kind" CHECK ("order_adjustments"."kind" in ('pix_discount')),
	CONSTRAINT "order_adjustments_amount" CHECK ("order_adjustments"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_adjustments_order_kind_idx" ON "order_adjustments" USING btree ("order_id","kind");--> statement-breakpoint
-- The PIX discount's label as the customer reads it: 500 → 'Desconto PIX (5%)', 750 → '(7,5%)',
-- 199 → '(1,99%)'; the same words as `pixDiscountAdjustment` (order-total.ts).
CREATE FUNCTION pix_discount_label(basis_points integer) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT 'Desconto PIX ('
    || replace(rtrim(rtrim(to_char(basis_points / 100.0, 'FM999990.00'), '0'), '.'), '.', ',')
    || '%)';
$$;--> statement-breakpoint
-- The order's PIX discount, whichever release wrote it on the order's columns, is the adjustment
-- of its total: kept in the writing transaction, gone when the discount is.
CREATE FUNCTION orders_copy_pix_discount() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.pix_discount_cents > 0 THEN
    INSERT INTO order_adjustments (order_id, kind, label, amount_cents, basis_points)
    VALUES (
      NEW.id, 'pix_discount', pix_discount_label(NEW.pix_discount_basis_points),
      -NEW.pix_discount_cents, NEW.pix_discount_basis_points
    )
    ON CONFLICT (order_id, kind) DO UPDATE SET
      label = excluded.label,
      amount_cents = excluded.amount_cents,
      basis_points = excluded.basis_points,
      updated_at = now();
  ELSE
    DELETE FROM order_adjustments WHERE order_id = NEW.id AND kind = 'pix_discount';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_copy_pix_discount
  AFTER INSERT OR UPDATE OF pix_discount_cents, pix_discount_basis_points ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_copy_pix_discount();--> statement-breakpoint
INSERT INTO order_adjustments (order_id, kind, label, amount_cents, basis_points, created_at)
SELECT id, 'pix_discount', pix_discount_label(pix_discount_basis_points), -pix_discount_cents,
       pix_discount_basis_points, created_at
FROM orders
WHERE pix_discount_cents > 0;
