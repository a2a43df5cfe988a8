-- Whether a refund gives back the order's freight (issue 52, point 6). Additive: a refund written
-- before it, or by the previous release (whose orders ship free), reads as not giving it back.
ALTER TABLE "order_refunds" ADD COLUMN "includes_freight" boolean DEFAULT false NOT NULL;
