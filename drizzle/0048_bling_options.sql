-- The Bling hand-off's options (issue 54, point 2): Bling's ids of the owner's forms of payment,
-- and whether Bling is asked to generate and transmit each order's NF-e (off, as before).
ALTER TABLE "bling_connection" ADD COLUMN "pix_payment_form_id" integer;--> statement-breakpoint
ALTER TABLE "bling_connection" ADD COLUMN "card_payment_form_id" integer;--> statement-breakpoint
ALTER TABLE "bling_connection" ADD COLUMN "boleto_payment_form_id" integer;--> statement-breakpoint
ALTER TABLE "bling_connection" ADD COLUMN "issue_invoices" boolean DEFAULT false NOT NULL;