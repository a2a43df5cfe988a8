CREATE TABLE "account_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_versions" ADD CONSTRAINT "account_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A customer's account version rises with every change to what their pages show, inside the
-- changing transaction: the session query reads it, and a page kept for that customer is served
-- only while it holds (decision 0005). The trigger's argument names the column holding the user.
-- A user being deleted has no version left to raise (the row went with the user).
CREATE OR REPLACE FUNCTION bump_account_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  owner text;
BEGIN
  FOR owner IN
    SELECT DISTINCT changed FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[0] END,
      CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END
    ]) AS changed
    WHERE changed IS NOT NULL
  LOOP
    INSERT INTO account_versions (user_id, version)
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = owner)
      ON CONFLICT (user_id) DO UPDATE SET version = account_versions.version + 1;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_bump_account_version
  AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION bump_account_version('id');--> statement-breakpoint
CREATE TRIGGER profiles_bump_account_version
  AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION bump_account_version('id');--> statement-breakpoint
CREATE TRIGGER user_roles_bump_account_version
  AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION bump_account_version('user_id');--> statement-breakpoint
CREATE TRIGGER favorites_bump_account_version
  AFTER INSERT OR UPDATE OR DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION bump_account_version('user_id');--> statement-breakpoint
CREATE TRIGGER orders_bump_account_version
  AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION bump_account_version('user_id');
