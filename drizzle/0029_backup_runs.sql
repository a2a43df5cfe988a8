CREATE TABLE "backup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"succeeded" boolean NOT NULL,
	"file" text,
	"bytes" bigint,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_runs_outcome" CHECK (("backup_runs"."succeeded" and "backup_runs"."file" is not null and "backup_runs"."bytes" is not null and "backup_runs"."failure" is null) or (not "backup_runs"."succeeded" and "backup_runs"."failure" is not null))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_created_idx" ON "backup_runs" USING btree ("succeeded","created_at" DESC NULLS LAST);