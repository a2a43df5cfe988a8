import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay, subDays } from "date-fns";
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  ne,
  or,
  sql,
  sum,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { cartReminders, orderItems, orderRefunds, orders, payments, profiles } from "../../db/schema.server";
import { STORE_TIME_ZONE } from "../../lib/dates";
import type { OrderStatus, PaymentStatus } from "../orders/order-lifecycle";
import { paidOrder } from "../orders/paid.server";
import { freightPaidSql } from "../orders/order-adjustments.server";

const RECENT_ORDERS = 10;
const TOP_PRODUCTS = 5;
const REVENUE_DAYS = 30;

export interface DashboardFigures {
  totalOrders: number;
  /** Paid orders only, in centavos: what was paid, refunds not taken off. */
  totalRevenueCents: number;
  /** The same revenue by how it was paid: PIX, and the card provider's (card or boleto); they add up to it. */
  pixRevenueCents: number;
  cardRevenueCents: number;
  /** The part of that revenue the orders charged as freight (issue 52). */
  freightRevenueCents: number;
  /**
   * What the confirmed refunds of those paid orders gave back, in centavos (a refund pending at
   * its provider, or failed, gave nothing back); split by the order's method as the revenue is.
   */
  refundedCents: number;
  pixRefundedCents: number;
  cardRefundedCents: number;
  /** The revenue less its refunds. */
  netRevenueCents: number;
  pendingOrders: number;
  completedOrders: number;
  /** Orders whose return is open: asked for, or received and not yet refunded in full. */
  openReturns: number;
  /** Orders whose payment the provider reported disputed (a PIX MED, a card chargeback). */
  disputedOrders: number;
  /** Abandoned carts e-mailed (issue 55), those an order placed from the e-mail's link recovered, and those orders' paid totals. */
  cartsReminded: number;
  cartsRecovered: number;
  recoveredRevenueCents: number;
}

export interface RecentOrder {
  id: string;
  createdAt: Date;
  totalCents: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paid: boolean;
  /** The customer's profile name; 'N/A' when there is none (or the account was erased). */
  userName: string;
  itemsCount: number;
}

export interface TopProduct {
  name: string;
  quantity: number;
  /** The units of each of its variants, most sold first; none for a product without options. */
  variants: { label: string; quantity: number }[];
}

export interface DayRevenue {
  /** São Paulo's calendar day, `yyyy-MM-dd`. */
  day: string;
  revenueCents: number;
  orders: number;
}

export interface Dashboard {
  figures: DashboardFigures;
  recentOrders: RecentOrder[];
  topProducts: TopProduct[];
  revenueByDay: DayRevenue[];
  ordersByStatus: { status: OrderStatus; orders: number }[];
}

/** The admin dashboard: the spec's figures, lists and, beyond it, two charts' data, all in SQL. */
export async function loadDashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const [figures, recentOrders, topProducts, revenueByDay, ordersByStatus] = await Promise.all([
    dashboardFigures(db),
    listRecentOrders(db),
    listTopProducts(db),
    dailyRevenue(db, now),
    db
      .select({ status: orders.status, orders: count() })
      .from(orders)
      .groupBy(orders.status)
      .orderBy(orders.status),
  ]);
  return { figures, recentOrders, topProducts, revenueByDay, ordersByStatus };
}

const byPix = eq(payments.method, "pix");
const byCard = eq(payments.method, "card");

/**
 * The counts are the orders'; the money is their payments' (decision 0035): what the payment that
 * paid each order received, and what its confirmed refunds gave back. A second payment or one of
 * another amount is the shop's to give back, not revenue: neither it nor its refunds count.
 */
async function dashboardFigures(db: Database): Promise<DashboardFigures> {
  const openReturn = or(
    eq(orders.status, "return_requested"),
    and(eq(orders.status, "returned"), lt(orders.refundedCents, orders.totalCents)),
  );
  const [[counts], [revenue], [refunds], [recovery]] = await Promise.all([
    db
      .select({
        totalOrders: count(),
        pendingOrders: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
        completedOrders: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
        openReturns: sql<number>`count(*) filter (where ${openReturn})`.mapWith(Number),
        disputedOrders: count(orders.disputedAt),
      })
      .from(orders),
    db
      .select({
        totalRevenueCents: centavosWhere(payments.receivedCents),
        pixRevenueCents: centavosWhere(payments.receivedCents, byPix),
        cardRevenueCents: centavosWhere(payments.receivedCents, byCard),
        freightRevenueCents: centavosWhere(freightOfPaymentsOrder, gt(payments.receivedCents, 0)),
      })
      .from(payments)
      .where(eq(payments.settlesOrder, true)),
    db
      .select({
        refundedCents: centavosWhere(orderRefunds.amountCents),
        pixRefundedCents: centavosWhere(orderRefunds.amountCents, byPix),
        cardRefundedCents: centavosWhere(orderRefunds.amountCents, byCard),
      })
      .from(orderRefunds)
      .innerJoin(payments, eq(payments.id, orderRefunds.paymentId))
      .where(and(eq(orderRefunds.status, "confirmed"), eq(payments.settlesOrder, true))),
    db
      .select({
        cartsReminded:
          sql<number>`count(distinct (${cartReminders.userId}, ${cartReminders.cartStartedAt}))`.mapWith(
            Number,
          ),
        cartsRecovered: sql<number>`count(distinct ${cartReminders.recoveredOrderId})`.mapWith(Number),
        recoveredRevenueCents: centavosWhere(orders.totalCents, paidOrder),
      })
      .from(cartReminders)
      .leftJoin(orders, eq(orders.id, cartReminders.recoveredOrderId)),
  ]);
  return {
    ...counts!,
    ...revenue!,
    ...refunds!,
    ...recovery!,
    netRevenueCents: revenue!.totalRevenueCents - refunds!.refundedCents,
  };
}

/** The freight the order a payment is for charged (0 when it shipped free). */
const freightOfPaymentsOrder = freightPaidSql(payments.orderId);

/** The sum of `amount` over the rows `where` selects (all, if not given), in centavos. */
function centavosWhere(amount: AnyColumn | SQL, where: SQL = sql`true`) {
  return sql<number>`coalesce(sum(${amount}) filter (where ${where}), 0)::bigint`.mapWith(Number);
}

async function listRecentOrders(db: Database): Promise<RecentOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paid: sql<boolean>`${paidOrder}`,
      userName: sql<string>`coalesce(${profiles.fullName}, 'N/A')`,
      itemsCount:
        sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RECENT_ORDERS);
  return rows;
}

/**
 * The products sold most, by units in paid orders (a cancelled or unpaid order sold nothing), each
 * with the units of its variants.
 */
async function listTopProducts(db: Database): Promise<TopProduct[]> {
  const quantity = sum(orderItems.quantity).mapWith(Number);
  const top = await db
    .select({ name: orderItems.productName, quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(paidOrder)
    .groupBy(orderItems.productName)
    .orderBy(desc(quantity), orderItems.productName)
    .limit(TOP_PRODUCTS);
  if (top.length === 0) return [];
  const variants = await db
    .select({ name: orderItems.productName, label: orderItems.variantLabel, quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        paidOrder,
        ne(orderItems.variantLabel, ""),
        inArray(
          orderItems.productName,
          top.map((product) => product.name),
        ),
      ),
    )
    .groupBy(orderItems.productName, orderItems.variantLabel)
    .orderBy(desc(quantity), orderItems.variantLabel);
  return top.map((product) => ({
    ...product,
    variants: variants
      .filter((variant) => variant.name === product.name)
      .map(({ label, quantity: units }) => ({ label, quantity: units })),
  }));
}

/** Revenue of paid orders per São Paulo day over the last 30 days, today included; empty days at 0. */
async function dailyRevenue(db: Database, now: Date): Promise<DayRevenue[]> {
  const firstDay = subDays(startOfDay(new TZDate(now, STORE_TIME_ZONE)), REVENUE_DAYS - 1);
  // The zone as a literal: as a parameter, the grouped expression would not match the selected one.
  const day = sql<string>`to_char(${orders.paidAt} at time zone ${sql.raw(`'${STORE_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, revenueCents: sum(orders.totalCents).mapWith(Number), orders: count() })
    .from(orders)
    .where(and(paidOrder, gte(orders.paidAt, firstDay)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: REVENUE_DAYS }, (_, index) => {
    const key = format(addDays(firstDay, index), "yyyy-MM-dd");
    const found = byDay.get(key);
    return { day: key, revenueCents: found?.revenueCents ?? 0, orders: found?.orders ?? 0 };
  });
}
