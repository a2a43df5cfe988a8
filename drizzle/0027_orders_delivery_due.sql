-- The withdrawal window of an order shipped and never marked delivered (issue 48): the end of the
-- last day the store promised the parcel by, set when it ships.
ALTER TABLE "orders" ADD COLUMN "delivery_due_at" timestamp with time zone;--> statement-breakpoint
-- Orders shipped before: their shipping date (São Paulo's calendar) plus the delivery time the store
-- promises now ('Prazo de entrega', 7 working days unless the owner set another), Saturdays and
-- Sundays skipped; the day ends at midnight in São Paulo.
UPDATE "orders" SET "delivery_due_at" = (
  SELECT (due.day + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo' - interval '1 millisecond'
  FROM (
    SELECT day::date AS day
    FROM generate_series(
      ("orders"."shipped_at" AT TIME ZONE 'America/Sao_Paulo')::date + 1,
      ("orders"."shipped_at" AT TIME ZONE 'America/Sao_Paulo')::date + 200,
      interval '1 day'
    ) AS day
    WHERE extract(isodow FROM day) < 6
    ORDER BY day
    OFFSET coalesce((SELECT ("sections" -> 'delivery' ->> 'deliveryDays')::integer FROM "store_settings"), 7) - 1
    LIMIT 1
  ) AS due
)
WHERE "shipped_at" IS NOT NULL;
