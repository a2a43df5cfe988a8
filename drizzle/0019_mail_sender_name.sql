-- Each queued e-mail keeps the name it is sent from: the store's name when it was composed (decision
-- 0029), before MAIL_FROM's address. Messages queued before this column go out with MAIL_FROM.
ALTER TABLE "mail_outbox" ADD COLUMN "sender_name" text;
