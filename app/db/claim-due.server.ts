import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { Database } from "./client.server";

export interface DueRows<TTable extends PgTable, TReturning extends SelectedFieldsFlat> {
  /** The columns that tell one row from another. */
  key: PgColumn[];
  /** Which rows are due; it must leave out the rows `lease` has just written. */
  due: SQL | undefined;
  order: SQL;
  batch: number;
  /**
   * What the claim writes so its rows stop being due for a while: a next try pushed ahead, or a
   * last-asked time the `due` condition waits on.
   */
  lease: PgUpdateSetSource<TTable>;
  returning: TReturning;
}

/**
 * Claims up to `batch` due rows of a background job, in one statement: the first due rows by
 * `order` that no other transaction holds (`FOR UPDATE SKIP LOCKED`) are leased and returned.
 * Several store processes may run the same job on one database: each row goes to one of them,
 * with no transaction held while the row is worked, and the row of a process that crashed before
 * finishing it is due again once its lease runs out.
 */
export function claimDue<TTable extends PgTable, TReturning extends SelectedFieldsFlat>(
  db: Database,
  table: TTable,
  { key, due, order, batch, lease, returning }: DueRows<TTable, TReturning>,
) {
  // Drizzle's `from` refuses a table whose type is still a parameter.
  const source: PgTable = table;
  const dueKeys = db
    .select(Object.fromEntries(key.map((column) => [column.name, column])))
    .from(source)
    .where(due)
    .orderBy(order)
    .limit(batch)
    .for("update", { skipLocked: true });
  return db
    .update(table)
    .set(lease)
    .where(sql`(${sql.join(key, sql`, `)}) in ${dueKeys}`)
    .returning(returning);
}
