-- The abandoned cart (issue 55, point 2): each signed-in customer's cart as a whole, when it began
-- and last changed, kept by a trigger on cart_items (so every way a cart changes counts, and a
-- cart that empties ends), and the reminders sent for it, once per step and cart.
CREATE TABLE "cart_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"cart_started_at" timestamp with time zone NOT NULL,
	"step" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coupon_code" text,
	"recovered_order_id" uuid,
	"recovered_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_step" CHECK ("cart_reminders"."step" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_step_idx" ON "cart_reminders" USING btree ("user_id","cart_started_at","step");--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_at_idx" ON "cart_reminders" USING btree ("sent_at");--> statement-breakpoint
-- A change to a customer's cart lines is a change to their cart; the last line gone ends it.
CREATE OR REPLACE FUNCTION cart_items_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  owner text := coalesce(NEW.user_id, OLD.user_id);
BEGIN
  IF EXISTS (SELECT 1 FROM cart_items WHERE user_id = owner) THEN
    INSERT INTO carts (user_id, started_at, changed_at) VALUES (owner, now(), now())
      ON CONFLICT (user_id) DO UPDATE SET changed_at = now();
  ELSE
    DELETE FROM carts WHERE user_id = owner;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cart_items_follow_cart
  AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION cart_items_changed();--> statement-breakpoint
-- The carts already in the store: begun with their oldest line, changed with their latest.
INSERT INTO carts (user_id, started_at, changed_at)
  SELECT user_id, min(created_at), max(updated_at) FROM cart_items GROUP BY user_id;
