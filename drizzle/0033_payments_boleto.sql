-- A boleto as its provider issued it (issue 51): its due date and linha digitável, kept with the
-- payment for the customer's page. Nullable and new, so the previous release neither reads nor
-- writes them, and its orders' boletos read as not yet known.
ALTER TABLE "payments" ADD COLUMN "boleto_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "boleto_digitable_line" text;