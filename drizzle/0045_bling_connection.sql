-- The store's Bling account (issue 54, point 1): one row with the owner's Bling application and,
-- once authorised, its tokens, sealed with the store's secret. A new table: no data moves.
CREATE TABLE "bling_connection" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"pending_state_hash" text,
	"pending_user_id" text,
	"pending_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bling_connection_single_row" CHECK ("bling_connection"."id"),
	CONSTRAINT "bling_connection_tokens" CHECK (("bling_connection"."access_token" is null) = ("bling_connection"."refresh_token" is null)
       and ("bling_connection"."access_token" is null) = ("bling_connection"."access_expires_at" is null)
       and ("bling_connection"."access_token" is null) = ("bling_connection"."connected_at" is null))
);
