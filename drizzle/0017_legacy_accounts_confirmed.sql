-- Accounts made before e-mail confirmation existed (decision 0024): the store never sent them a
-- confirmation link, so none of them is confirmed. One that has paid an order whose e-mails went to
-- the account's own address counts as confirmed: its owner bought with it, under their CPF or
-- CNPJ, and it has received the order's e-mails. The others are asked to confirm, as new accounts
-- are. An account that was ever sent a link (made since confirmation exists) is left as it is.
UPDATE "users" SET "email_verified" = true, "updated_at" = now()
WHERE "email_verified" = false
  AND NOT EXISTS (
    SELECT 1 FROM "mail_outbox"
    WHERE "mail_outbox"."dedupe_key" LIKE 'verify-email:%'
      AND lower("mail_outbox"."recipient") = lower("users"."email")
  )
  AND EXISTS (
    SELECT 1 FROM "orders"
    WHERE "orders"."user_id" = "users"."id"
      AND "orders"."payment_status" = 'paid'
      AND "orders"."pix_status" = 'COMPLETED'
      AND lower("orders"."customer_email") = lower("users"."email")
  );
