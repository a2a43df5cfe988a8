-- Marketing e-mails (issue 55): the customers who opted out of them, and what such an e-mail carries
-- beyond its text and HTML (its List-Unsubscribe headers, an inline QR code). Expand only: the
-- previous release neither reads nor writes the new columns, and its messages go out without them.
CREATE TABLE "marketing_opt_outs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_opt_outs_source" CHECK ("marketing_opt_outs"."source" in ('link', 'one-click', 'account'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "marketing_opt_outs" ADD CONSTRAINT "marketing_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;