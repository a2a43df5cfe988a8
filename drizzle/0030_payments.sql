CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"checkout_id" text,
	"checkout_url" text,
	"br_code" text,
	"method_type" text,
	"installments" integer,
	"amount_cents" bigint NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_status" text,
	"settles_order" boolean DEFAULT false NOT NULL,
	"mirrors_order" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"late_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('pix', 'card')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'expired', 'cancelled', 'partially_refunded', 'refunded', 'disputed')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_money" CHECK ("payments"."received_cents" >= 0 and "payments"."refunded_cents" between 0 and "payments"."received_cents"),
	CONSTRAINT "payments_settles_when_received" CHECK (not "payments"."settles_order" or "payments"."received_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_settling_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."settles_order";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_mirror_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."mirrors_order";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_payment_idx" ON "order_refunds" USING btree ("payment_id");--> statement-breakpoint
-- Until the app writes payments itself, an order's payment columns are the ones written (by this
-- release and by 2026-11-29-8245de2, which may run beside it): each write is copied into the
-- order's own row of `payments` (its id the order's), in the writing transaction.
CREATE FUNCTION copy_order_payment(o orders) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  -- Paid by it: the provider reported it complete for the order's total (paid.server.ts).
  settles boolean := o.payment_status = 'paid' AND CASE o.payment_method
    WHEN 'card' THEN o.card_payment_status IS NOT DISTINCT FROM 'approved'
    ELSE o.pix_status = 'COMPLETED' END;
BEGIN
  INSERT INTO payments (
    id, order_id, method, provider, provider_payment_id, checkout_id, checkout_url, br_code,
    method_type, installments, amount_cents, received_cents, status,
    provider_status, settles_order, mirrors_order, expires_at, paid_at, late_at, disputed_at,
    dispute_reason, created_at, updated_at
  ) VALUES (
    o.id, o.id, o.payment_method,
    CASE o.payment_method WHEN 'card' THEN o.card_provider ELSE o.pix_provider END,
    CASE o.payment_method WHEN 'card' THEN o.card_payment_id ELSE o.pix_charge_id END,
    o.card_checkout_id, o.card_checkout_url, o.pix_br_code, o.card_payment_type, o.card_installments,
    o.total_cents,
    CASE WHEN settles THEN o.total_cents ELSE coalesce(o.payment_mismatch_cents, 0) END,
    CASE
      WHEN o.disputed_at IS NOT NULL THEN 'disputed'
      -- Paid with another amount than the total: received, not paying the order. What its refunds
      -- gave back, the payments' own trigger says.
      WHEN settles OR o.payment_mismatch_at IS NOT NULL THEN 'paid'
      WHEN o.payment_status = 'failed' OR o.card_payment_status = 'rejected' THEN 'failed'
      WHEN o.payment_method = 'pix' AND o.pix_status = 'EXPIRED' THEN 'expired'
      WHEN o.status = 'cancelled' OR o.card_payment_status = 'cancelled' THEN 'cancelled'
      ELSE 'pending'
    END,
    CASE o.payment_method WHEN 'card' THEN o.card_payment_status ELSE o.pix_status END,
    settles, true, o.payment_expires_at,
    CASE WHEN settles THEN o.paid_at ELSE o.payment_mismatch_at END,
    o.late_payment_at, o.disputed_at, o.dispute_reason, o.created_at, now()
  )
  ON CONFLICT (id) DO UPDATE SET
    method = excluded.method,
    provider = excluded.provider,
    provider_payment_id = excluded.provider_payment_id,
    checkout_id = excluded.checkout_id,
    checkout_url = excluded.checkout_url,
    br_code = excluded.br_code,
    method_type = excluded.method_type,
    installments = excluded.installments,
    amount_cents = excluded.amount_cents,
    received_cents = excluded.received_cents,
    status = excluded.status,
    provider_status = excluded.provider_status,
    settles_order = excluded.settles_order,
    expires_at = excluded.expires_at,
    paid_at = excluded.paid_at,
    late_at = excluded.late_at,
    disputed_at = excluded.disputed_at,
    dispute_reason = excluded.dispute_reason,
    updated_at = excluded.updated_at;
END
$$;--> statement-breakpoint
CREATE FUNCTION orders_copy_payment() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM copy_order_payment(NEW);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_copy_payment
  AFTER INSERT OR UPDATE OF
    status, total_cents, payment_method, payment_status, payment_expires_at, paid_at,
    pix_status, pix_provider, pix_charge_id, pix_br_code,
    card_provider, card_checkout_id, card_checkout_url, card_payment_id, card_payment_status,
    card_payment_type, card_installments,
    late_payment_at, payment_mismatch_at, payment_mismatch_cents, refunded_cents,
    disputed_at, dispute_reason
  ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_copy_payment();--> statement-breakpoint
-- A paid payment says how much of it its refunds gave back, whoever wrote it.
CREATE FUNCTION payments_refund_status() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.status IN ('paid', 'partially_refunded', 'refunded') THEN
    NEW.status := CASE
      WHEN NEW.refunded_cents = 0 THEN 'paid'
      WHEN NEW.refunded_cents >= NEW.received_cents THEN 'refunded'
      ELSE 'partially_refunded'
    END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_refund_status
  BEFORE INSERT OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_refund_status();--> statement-breakpoint
-- A payment's refunded total is what its confirmed refunds gave back, whichever release confirmed them.
CREATE FUNCTION payment_refunded_cents(payment uuid) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE payments SET refunded_cents = (
    SELECT coalesce(sum(amount_cents), 0) FROM order_refunds
    WHERE payment_id = payment AND status = 'confirmed'
  ) WHERE id = payment;
$$;--> statement-breakpoint
CREATE FUNCTION order_refunds_count_refunded() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM payment_refunded_cents(NEW.payment_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_refunds_count_refunded
  AFTER INSERT OR UPDATE OF status ON order_refunds
  FOR EACH ROW EXECUTE FUNCTION order_refunds_count_refunded();--> statement-breakpoint
-- A refund inserted without its payment (by a release that does not know payments) gives back the
-- order's payment.
CREATE FUNCTION order_refunds_payment() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.payment_id IS NULL THEN
    NEW.payment_id := (SELECT id FROM payments WHERE order_id = NEW.order_id AND mirrors_order);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_refunds_payment
  BEFORE INSERT ON order_refunds
  FOR EACH ROW EXECUTE FUNCTION order_refunds_payment();--> statement-breakpoint
SELECT copy_order_payment(o) FROM orders o;--> statement-breakpoint
UPDATE order_refunds r SET payment_id = p.id FROM payments p WHERE p.order_id = r.order_id AND p.mirrors_order;--> statement-breakpoint
SELECT payment_refunded_cents(id) FROM payments WHERE id IN (SELECT payment_id FROM order_refunds);
