-- The sandbox's card provider (issue 28): its checkouts and the payments made on them, kept as Mercado
-- Pago keeps its preferences and payments, so the store follows them as it follows a real provider's.
CREATE TABLE "sandbox_card_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"return_url" text NOT NULL,
	"max_installments" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"boleto_due_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_checkouts_installments" CHECK ("sandbox_card_checkouts"."max_installments" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_card_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000001 CACHE 1),
	"checkout_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"installments" integer NOT NULL,
	"payment_type" text NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_payments_installments" CHECK ("sandbox_card_payments"."installments" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sandbox_card_payments" ADD CONSTRAINT "sandbox_card_payments_checkout_id_sandbox_card_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."sandbox_card_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_card_checkouts_order_idx" ON "sandbox_card_checkouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_card_payments_order_idx" ON "sandbox_card_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_card_payments_checkout_idx" ON "sandbox_card_payments" USING btree ("checkout_id");