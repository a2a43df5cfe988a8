import { stringify } from "csv-stringify/sync";
import { and, count, desc, eq, isNull, sql, sum } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { couponUses, orders } from "../../db/schema.server";
import { formatDateTime } from "../../lib/dates";
import { centsToDecimalString } from "../../lib/money";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../orders/order-lifecycle";
import { CSV_DELIMITER, textCell } from "./product-csv";

/**
 * A coupon's uses as the admin reads them (issue 53): each order placed with it, its customer,
 * status, total and discount, and whether its use was given back (the order cancelled unpaid or
 * withdrawn); and the counts and discount of the uses that stand. On the coupon's page, and as CSV.
 */

export interface CouponUseRow {
  orderId: string;
  placedAt: Date;
  customerName: string;
  taxId: string;
  status: OrderStatus;
  totalCents: number;
  discountCents: number;
  releasedAt: Date | null;
}

export interface CouponUsesSummary {
  /** Orders whose use stands (not given back). */
  orders: number;
  /** The discount those orders were given. */
  discountCents: number;
}

/** Each order placed with the coupon, the newest first (the first `limit` of them, if given). */
export async function couponUseRows(db: Database, couponId: number, limit?: number): Promise<CouponUseRow[]> {
  const rows = db
    .select({
      orderId: couponUses.orderId,
      placedAt: couponUses.createdAt,
      customerName: orders.customerName,
      taxId: couponUses.taxId,
      status: orders.status,
      totalCents: orders.totalCents,
      discountCents: couponUses.discountCents,
      releasedAt: couponUses.releasedAt,
    })
    .from(couponUses)
    .innerJoin(orders, eq(orders.id, couponUses.orderId))
    .where(eq(couponUses.couponId, couponId))
    .orderBy(desc(couponUses.createdAt), desc(couponUses.id));
  return limit === undefined ? rows : rows.limit(limit);
}

/** The uses that stand of each coupon (or of the one named), and the discount they gave. */
export async function couponUsesSummaries(
  db: Database,
  couponId?: number,
): Promise<Map<number, CouponUsesSummary>> {
  const rows = await db
    .select({
      couponId: couponUses.couponId,
      orders: count(),
      discountCents: sql<number>`${sum(couponUses.discountCents)}`.mapWith(Number),
    })
    .from(couponUses)
    .where(
      and(
        isNull(couponUses.releasedAt),
        couponId === undefined ? undefined : eq(couponUses.couponId, couponId),
      ),
    )
    .groupBy(couponUses.couponId);
  return new Map(rows.map(({ couponId, ...summary }) => [couponId, summary]));
}

/** The CSV's columns, in pt-BR as the shop's spreadsheet shows them. */
const COLUMNS = ["pedido", "data", "cliente", "cpf_cnpj", "status", "total", "desconto", "uso_devolvido_em"];

/** The coupon's uses as a CSV file (Excel's UTF-8 BOM, ';', decimal commas, no formula cells). */
export function couponUsesCsv(rows: readonly CouponUseRow[]): string {
  const money = (cents: number) => centsToDecimalString(cents).replace(".", ",");
  return stringify(
    rows.map((row) => [
      row.orderId,
      formatDateTime(row.placedAt),
      row.customerName,
      row.taxId,
      ORDER_STATUS_LABELS[row.status],
      money(row.totalCents),
      money(row.discountCents),
      row.releasedAt ? formatDateTime(row.releasedAt) : "",
    ]),
    {
      bom: true,
      delimiter: CSV_DELIMITER,
      header: true,
      columns: COLUMNS,
      record_delimiter: "windows",
      cast: { string: textCell },
    },
  );
}
