import { sql, type SQL } from "drizzle-orm";

/**
 * `variantLabel()` (variants.ts) in SQL, for the statement that snapshots an order's lines: 'Cor:
 * Preto · Armazenamento: 256 GB' from a product's options and a variant's values, empty for a
 * default variant. The two are checked against each other (tests/both-drivers/checkout.test.ts).
 */
export function variantLabelSql(options: SQL, optionValues: SQL): SQL<string> {
  return sql<string>`coalesce((
    select string_agg((opt.value ->> 'name') || ': ' || (${optionValues} ->> (opt.position - 1)::integer), ' · '
                      order by opt.position)
    from jsonb_array_elements(${options}) with ordinality as opt (value, position)
    where coalesce(${optionValues} ->> (opt.position - 1)::integer, '') <> ''), '')`;
}
