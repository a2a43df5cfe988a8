import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "../../config/logger.server";
import { storeCounters } from "../../config/metrics.server";
import {
  executePrepared,
  preparedPerDatabase,
  type Database,
  type Transaction,
} from "../../db/client.server";
import { orders } from "../../db/schema.server";
import { lineName } from "../catalog/variants";
import { variantLabelSql } from "../catalog/variant-label-sql.server";
import { pixUnitPriceSql } from "../payments/pix-price-sql.server";
import type { PaymentMethod } from "../../lib/order-statuses";
import type { CardProvider } from "../payments/card-provider";
import type { PaymentTerms } from "../payments/payment-prices";
import type { StoreProviders } from "../payments/store-providers";
import type { PixPayment } from "../payments/pix-payment";
import type { PixChargeRequest } from "../payments/pix-provider";
import { queueChargeCancellations } from "./charge-cancellation-queue.server";
import { cancelOrders } from "./move-order.server";
import { checkoutPausedCondition, TOO_MANY_CHECKOUTS } from "./checkout-limit.server";
import { chargedLinesOf } from "./named-lines.server";
import { pixPaymentOf } from "./order-payment.server";
import {
  checkoutRequestSchema,
  invalidCheckoutMessage,
  type CheckoutRequest,
  type TaxpayerType,
} from "./checkout-schema";
import type { Outcome } from "../../lib/outcome";
import { photoOfVariant } from "../catalog/photo-owner.server";
import type { OrderFreightSnapshot } from "../../db/schema.server";
import { chosenFreight, type OrderFreightDeps } from "./order-freight.server";
import { couponAdjustmentLabel, freightAdjustmentLabel } from "./order-total";
import { applyCoupon, COUPON_MESSAGES } from "../promotions/coupons";
import {
  couponByCode,
  couponCustomer,
  couponLinesOf,
  couponThresholdDiscount,
  takeCouponUse,
} from "./coupon-uses.server";

/** Where a placed order is paid: its PIX charge, or the card provider's checkout. */
type OrderPayment = { pixData: PixPayment } | { cardCheckoutUrl: string };

export type PlaceOrderOutcome = Outcome<
  { orderId: string } & OrderPayment,
  {
    /**
     * Whether the customer's refused checkouts are used up, as the statement that would have
     * placed the order found (it then writes nothing); absent when the request was refused
     * before that statement.
     */
    paused?: boolean;
  }
>;

export interface PlaceOrderDeps extends StoreProviders {
  db: Database;
  /** How long a PIX code is valid (`PIX_EXPIRES_MINUTES`). */
  expiresMinutes: number;
  /** How long a card checkout can be paid (`CARD_EXPIRES_MINUTES`), and a boleto's days to its due date. */
  cardExpiresMinutes: number;
  boletoExpiresDays: number;
  /** The owner's PIX discount and instalments (store settings). */
  terms: PaymentTerms;
  /** The owner's freight, quoted again for the order's address. */
  freight: OrderFreightDeps;
  /** The store's public origin: the card checkout sends the customer back to it. */
  baseURL: string;
  logger: Logger;
  /**
   * Called once the order holds its stock, before a remote PIX provider is asked for the charge,
   * and before a repeated request waits for the first one's charge: the store ends the order's
   * turn there, as waiting takes none of its CPU.
   */
  beforeRemoteCharge: () => void;
}

export interface PlaceOrderInput {
  userId: string;
  /** The customer's profile type (the session knows it); null when there is no profile yet. */
  taxpayer: TaxpayerType | null;
  /** One per checkout attempt: the same key again gets the same order, never a second one. */
  checkoutKey: string;
  /** The create-payment request as received, unvalidated. */
  request: unknown;
}

const PAYMENT_FAILED = "Falha ao criar pagamento";
const CARD_UNAVAILABLE = "Forma de pagamento indisponível";
/**
 * How long the request that placed an order (or took over its charge) has to create the charge:
 * Woovi's answer comes or is given up within 10 s. After it, the request is presumed dead (its
 * process was killed) and a repeated request creates the charge instead.
 */
const CHARGE_LEASE = "15 seconds";
/** How long a repeated request waits for the first one's PIX charge: past the lease, to take over. */
const DUPLICATE_WAIT_MS = 20_000;

const fail = (message: string) => ({ ok: false, message }) as const;

/**
 * Creates an order and its PIX charge (spec section 5 and DESIGN points 1-2), or its checkout at
 * the card provider: the request is validated with the spec's messages, every line is priced from
 * the database as the chosen method pays it (its PIX price, with the owner's discount, or its list
 * price by card: the request carries no price, total nor discount), and stock is checked and taken
 * in the transaction that inserts the order. The charge or checkout is created after the commit;
 * if the provider fails, the order is cancelled and its stock returned.
 */
export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  if (!input.taxpayer) return fail("Complete seu perfil antes de finalizar a compra");
  const parsed = checkoutRequestSchema(input.taxpayer).safeParse(input.request);
  if (!parsed.success) {
    // The checkout's plain form posted twice: the second post reads the cart the first emptied.
    const placed = await orderOfAttempt(deps.db, input.userId, input.checkoutKey);
    return placed ? paymentOfExistingOrder(deps, placed) : fail(invalidCheckoutMessage(parsed.error));
  }
  const method = parsed.data.paymentMethod ?? "pix";
  if (method === "card" && !deps.card) return fail(CARD_UNAVAILABLE);

  // The free-shipping threshold compares the subtotal after the coupon.
  const couponCents =
    parsed.data.coupon && deps.freight.mode !== "free"
      ? await couponThresholdDiscount(
          deps.db,
          parsed.data.coupon.code,
          parsed.data.products,
          parsed.data.customer.taxId,
          deps.terms.pixDiscountBasisPoints,
        )
      : 0;
  const freight = await chosenFreight(
    deps.db,
    deps.freight,
    input.userId,
    parsed.data,
    new Date(),
    couponCents,
  );
  if (!freight.ok) return freight;
  // The request that inserts the order holds its charge's lease from then (`charge_requested_at`).
  const reserved = await reserveOrder(
    deps,
    input.userId,
    input.checkoutKey,
    parsed.data,
    method,
    freight.snapshot,
  );
  if (!reserved.ok) return reserved;
  if (reserved.repeated) return paymentOfExistingOrder(deps, reserved.orderId);
  const { orderId, totalCents } = reserved;
  if (method === "card") return createOrderCheckout(deps, deps.card!, orderId);
  return createOrderCharge(deps, { orderId, amountCents: totalCents, customer: parsed.data.customer });
}

/**
 * Creates the card checkout of an order whose lease this request holds, and records it on the
 * order. If the provider fails, the order is cancelled and its stock returned.
 */
async function createOrderCheckout(
  deps: PlaceOrderDeps,
  card: CardProvider,
  orderId: string,
): Promise<PlaceOrderOutcome> {
  const { db } = deps;
  deps.beforeRemoteCharge();
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const checkout = await card.createCheckout({
      orderId,
      items: await chargedLinesOf(db, orderId),
      payer: { name: order!.customerName, email: order!.customerEmail, taxId: order!.customerTaxId },
      returnUrl: new URL(`/payment/card/${orderId}`, deps.baseURL).href,
      maxInstallments: deps.terms.maxInstallments,
      expiresAt: order!.paymentExpiresAt!,
      boletoDueAt: new Date(Date.now() + deps.boletoExpiresDays * 86_400_000),
    });
    const [recorded] = await db
      .update(orders)
      .set({
        cardProvider: card.name,
        cardCheckoutId: checkout.checkoutId,
        cardCheckoutUrl: checkout.redirectUrl,
      })
      .where(and(eq(orders.id, orderId), isNull(orders.cardCheckoutId)))
      .returning({ status: orders.status });
    const ownCheckout = { id: orderId, provider: card.name, chargeId: checkout.checkoutId };
    if (!recorded) {
      // Another request recorded a checkout first (this one outlived its lease): that one is the
      // order's; this one must not stay payable.
      const [current] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (current?.cardCheckoutId !== checkout.checkoutId) await queueChargeCancellations(db, [ownCheckout]);
      return current?.cardCheckoutUrl && current.status !== "cancelled"
        ? { ok: true, orderId, cardCheckoutUrl: current.cardCheckoutUrl }
        : fail(PAYMENT_FAILED);
    }
    if (recorded.status === "cancelled") {
      await queueChargeCancellations(db, [ownCheckout]);
      return fail(PAYMENT_FAILED);
    }
    return { ok: true, orderId, cardCheckoutUrl: checkout.redirectUrl };
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "Falha ao criar o checkout do cartão; pedido cancelado");
    const checkoutless = and(eq(orders.id, orderId), isNull(orders.cardCheckoutId))!;
    await db.transaction((tx) => cancelOrders(tx, checkoutless, { actor: "job" }));
    return fail(PAYMENT_FAILED);
  }
}

/**
 * Creates the charge of an order whose lease this request holds, and records it on the order. If
 * the provider fails, the order is cancelled and its stock returned.
 */
async function createOrderCharge(
  deps: PlaceOrderDeps,
  request: PixChargeRequest,
): Promise<PlaceOrderOutcome> {
  const { db } = deps;
  const { orderId } = request;
  if (deps.pix.remote) deps.beforeRemoteCharge();
  try {
    const charge = await deps.pix.createCharge(request);
    const [recorded] = await recordChargeQuery(db).execute({
      orderId,
      provider: deps.pix.name,
      chargeId: charge.chargeId,
      brCode: charge.brCode,
      expiresAt: charge.expiresAt,
    });
    const ownCharge = { id: orderId, provider: deps.pix.name, chargeId: charge.chargeId };
    if (!recorded) {
      // Another request recorded a charge first (this one outlived its lease): that one is the
      // order's; this one, if it is another, must not stay payable.
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (order?.pixChargeId !== charge.chargeId) await queueChargeCancellations(db, [ownCharge]);
      const pixData = order && order.status !== "cancelled" ? await pixPaymentOf(order) : null;
      return pixData ? { ok: true, orderId, pixData } : fail(PAYMENT_FAILED);
    }
    if (recorded.status === "cancelled") {
      // Cancelled while the provider was asked: the charge is cancelled too.
      await queueChargeCancellations(db, [ownCharge]);
      return fail(PAYMENT_FAILED);
    }
    return {
      ok: true,
      orderId,
      pixData: {
        brCode: charge.brCode,
        qrCodeBase64: charge.qrCodeBase64,
        amount: request.amountCents / 100,
        expiresAt: charge.expiresAt.toISOString(),
      },
    };
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "Falha ao criar a cobrança PIX; pedido cancelado");
    // Only while no charge is recorded: another request may have created it meanwhile.
    const chargeless = and(eq(orders.id, orderId), isNull(orders.pixChargeId))!;
    await db.transaction((tx) => cancelOrders(tx, chargeless, { actor: "job" }));
    return fail(PAYMENT_FAILED);
  }
}

/**
 * The charge an order is paid by, recorded unless another request recorded one first: run on
 * every order, so prepared once.
 */
const recordChargeQuery = preparedPerDatabase((db) =>
  db
    .update(orders)
    // Wrapped in sql: the update's types take values or SQL, not bare placeholders.
    .set({
      pixProvider: sql`${sql.placeholder("provider")}`,
      pixChargeId: sql`${sql.placeholder("chargeId")}`,
      pixBrCode: sql`${sql.placeholder("brCode")}`,
      paymentExpiresAt: sql`${sql.placeholder("expiresAt")}`,
    })
    .where(and(eq(orders.id, sql.placeholder("orderId")), isNull(orders.pixChargeId)))
    .returning({ status: orders.status })
    .prepare("record_order_charge"),
);

type Reservation =
  | { ok: true; repeated: false; orderId: string; totalCents: number }
  | { ok: true; repeated: true; orderId: string }
  | { ok: false; message: string; paused: boolean };

interface ReservationRow {
  paused: boolean;
  addressFound: boolean;
  /** The first line (in the request's order) whose variant is missing, not for sale or short of stock. */
  problemLine: number | null;
  /** Its product's name and variant's label, when it is for sale (short of stock). */
  problemProductName: string | null;
  problemVariantLabel: string | null;
  orderId: string | null;
  /** int8, as each driver gives it: a string from node-postgres, a number from PGlite. */
  totalCents: string | number | null;
}

/**
 * The order, its lines, the stock they take from their variants and their removal from the
 * customer's cart, in one statement: one round trip, and the variants stay locked only while it
 * runs and commits. Nothing is written unless the customer's refused checkouts are not used up,
 * the address is theirs and every line's variant is for sale and in stock; a second request with
 * the same key inserts nothing and finds the first one's order.
 */
async function reserveOrder(
  deps: PlaceOrderDeps,
  userId: string,
  checkoutKey: string,
  request: CheckoutRequest,
  method: PaymentMethod,
  freight: OrderFreightSnapshot | null,
): Promise<Reservation> {
  const order: OrderToReserve = { userId, checkoutKey, request, method, freight };
  if (!request.coupon)
    return reservationOf(deps.db, order, await reserveStatement(deps.db, deps, order, null));
  // With a coupon, its use is taken first, in the transaction that places the order: refused, the
  // transaction is rolled back and the use given back with it.
  const tried = await deps.db
    .transaction(async (tx) => {
      const coupon = await couponOfOrder(tx, deps, order);
      if (!coupon.ok) throw new NotReserved(coupon);
      const row = await reserveStatement(tx, deps, order, coupon.coupon);
      if (row.orderId === null) throw new NotReserved(row);
      return row;
    })
    .catch((error: unknown) => {
      if (error instanceof NotReserved) return error.why;
      throw error;
    });
  if ("message" in tried) {
    // A repeated request finds the first one's order, whose use it may be refused for.
    const existing = await orderOfAttempt(deps.db, userId, checkoutKey);
    return existing ? { ok: true, repeated: true, orderId: existing } : { ...tried, paused: false };
  }
  return reservationOf(deps.db, order, tried);
}

/** What is reserved: the request as validated, the method and the freight chosen. */
interface OrderToReserve {
  userId: string;
  checkoutKey: string;
  request: CheckoutRequest;
  method: PaymentMethod;
  freight: OrderFreightSnapshot | null;
}

/** Thrown to roll back an order's transaction: why it placed nothing. */
class NotReserved extends Error {
  constructor(readonly why: ReservationRow | { ok: false; message: string }) {
    super("Pedido não reservado");
  }
}

/** An order's coupon as its statement writes it: its use, its line of the total, each line's share. */
interface OrderCoupon {
  id: number;
  label: string;
  discountCents: number;
  /** Each request line's share, in the request's order. */
  lineShares: number[];
  /** Whether the PIX discount is given with it. */
  pixDiscount: boolean;
}

/**
 * The coupon the customer saw, applied again now (issue 53, point 2): its use taken (the coupon's
 * row then stays locked until the order is placed), the lines read at the prices the order is
 * placed at (their variants locked as the order's statement locks them), and its rules applied to
 * the customer's CPF or CNPJ. Refused, naming the coupon, when it no longer applies or no longer
 * gives the discount the customer saw: the order never gets a discount it does not have.
 */
async function couponOfOrder(
  tx: Transaction,
  deps: PlaceOrderDeps,
  { request, method, freight }: OrderToReserve,
): Promise<Outcome<{ coupon: OrderCoupon }>> {
  const { code, seenCents } = request.coupon!;
  const taken = await takeCouponUse(tx, code);
  const coupon = taken ?? (await couponByCode(tx, code));
  const lines = await couponLinesOf(tx, request.products, true);
  const customer = coupon
    ? await couponCustomer(tx, coupon.id, request.customer.taxId)
    : { purchases: 0, usesOfCoupon: 0 };
  const applied = applyCoupon(
    coupon,
    {
      // A line not for sale is named by the order's statement, which refuses the order.
      lines: lines.filter((line) => line !== null),
      method,
      pixDiscountBasisPoints: deps.terms.pixDiscountBasisPoints,
      freightCents: freight?.priceCents ?? 0,
    },
    customer,
    // Taken: its use is this order's. Not taken: an active coupon's uses are used up.
    taken ? null : 0,
    new Date(),
  );
  if (!applied.ok) return { ok: false, message: COUPON_MESSAGES.noLongerValid(code, applied.message) };
  if (applied.discountCents !== seenCents) {
    return { ok: false, message: COUPON_MESSAGES.discountChanged(code, applied.discountCents) };
  }
  const shares = applied.lineShares[Symbol.iterator]();
  return {
    ok: true,
    coupon: {
      id: coupon!.id,
      label: couponAdjustmentLabel(code),
      discountCents: applied.discountCents,
      lineShares: lines.map((line) => (line === null ? 0 : shares.next().value!)),
      pixDiscount: applied.pixDiscount,
    },
  };
}

/** The reservation a statement's row says: the order placed, a repeated request, or a refusal. */
async function reservationOf(
  db: Database,
  order: OrderToReserve,
  reserved: ReservationRow,
): Promise<Reservation> {
  if (reserved.orderId !== null) {
    storeCounters.ordersCreated.inc();
    return { ok: true, repeated: false, orderId: reserved.orderId, totalCents: Number(reserved.totalCents) };
  }
  // Nothing inserted: a repeated request (its first order exists), or a refusal.
  const existing = await orderOfAttempt(db, order.userId, order.checkoutKey);
  if (existing) return { ok: true, repeated: true, orderId: existing };
  return { ok: false, message: refusalOf(order.request, reserved), paused: reserved.paused };
}

/** Why the statement inserted no order, in the customer's words. */
function refusalOf(request: CheckoutRequest, reserved: ReservationRow): string {
  if (reserved.paused) return TOO_MANY_CHECKOUTS;
  if (!reserved.addressFound) return "Endereço não encontrado";
  if (reserved.problemProductName !== null) {
    const name = lineName({
      name: reserved.problemProductName,
      variantLabel: reserved.problemVariantLabel ?? "",
    });
    return `Estoque insuficiente: ${name}`;
  }
  // The problem line comes from the request's own products: its name is the one the cart sent.
  const missing = request.products[Number(reserved.problemLine) - 1]!;
  return `Produto não encontrado: ${missing.name}`;
}

/**
 * The statement of `reserveOrder`, with the order's coupon when it has one: run alone, or in the
 * transaction that took the coupon's use.
 */
async function reserveStatement(
  db: Database | Transaction,
  deps: PlaceOrderDeps,
  { userId, checkoutKey, request, method, freight }: OrderToReserve,
  coupon: OrderCoupon | null,
): Promise<ReservationRow> {
  const { customer } = request;
  const freightCents = freight?.priceCents ?? 0;
  const freightLabel = freight ? freightAdjustmentLabel(freight) : null;
  // The PIX discount is PIX's alone: by card, each line costs its list price; a coupon that does
  // not add to it takes its place.
  const discountBasisPoints =
    method === "pix" && (coupon?.pixDiscount ?? true) ? deps.terms.pixDiscountBasisPoints : 0;
  // Validated integers, passed as array literals (one parameter each, whatever the cart's size); a
  // line without its variant names the product's default one.
  const arrayOf = (values: readonly (number | string)[]) => `{${values.join(",")}}`;
  const productIds = arrayOf(request.products.map((line) => line.id));
  const variantIds = arrayOf(request.products.map((line) => line.variantId ?? "NULL"));
  const quantities = arrayOf(request.products.map((line) => line.quantity));
  const couponShares = arrayOf(coupon?.lineShares ?? request.products.map(() => 0));
  const couponCents = coupon?.discountCents ?? 0;
  // A card checkout's own expiry; a PIX order's until the provider gives the charge's: an order
  // whose charge was never created still expires, and its stock comes back.
  const minutesToPay = method === "card" ? deps.cardExpiresMinutes : deps.expiresMinutes;
  const expiry = new Date(Date.now() + minutesToPay * 60_000);
  // One row, always: its columns are subqueries.
  const [reserved] = (await executePrepared<ReservationRow>(
    db,
    "reserve_order",
    sql`
    with wanted as (
      select product_id, variant_id, quantity, coupon_share, line
      from unnest(
        ${productIds}::integer[], ${variantIds}::integer[], ${quantities}::integer[],
        ${couponShares}::bigint[]
      ) with ordinality as wanted (product_id, variant_id, quantity, coupon_share, line)
    ),
    -- Each line's variant: its own when it belongs to the line's product; without one, the
    -- product's default variant (a product without options has only that one).
    resolved as (
      select wanted.line, wanted.quantity, wanted.coupon_share, variant.id as variant_id
      from wanted left join product_variants variant
        on variant.product_id = wanted.product_id
       and (variant.id = wanted.variant_id
            or (wanted.variant_id is null and variant.option_values = '[]'::jsonb))
    ),
    -- Locked in id order, so two checkouts sharing variants never wait on each other in a cycle;
    -- a row another checkout changed meanwhile is read as it is now.
    locked as materialized (
      select id, product_id, sku, sale_price_cents as price_cents, stock, active, option_values
      from product_variants
      where id in (select variant_id from resolved)
      order by id
      for update
    ),
    -- Two lines may name one variant (its id, and no id for a default variant): their sum counts.
    needed as (
      select variant_id, sum(quantity) as quantity from resolved group by variant_id
    ),
    line as (
      select resolved.line, resolved.quantity, resolved.coupon_share, locked.id as variant_id,
             locked.product_id, locked.sku, locked.price_cents,
             ${pixUnitPriceSql(sql`locked.price_cents`, discountBasisPoints)} as paid_price_cents,
             product.name,
             ${variantLabelSql(sql`product.options`, sql`locked.option_values`)} as variant_label,
             coalesce((
               select image_url from product_images
               where ${photoOfVariant({ id: sql`locked.id`, productId: sql`locked.product_id`, optionValues: sql`locked.option_values` })}
               order by display_order, id limit 1
             ), product.image) as image
      from resolved
      join locked on locked.id = resolved.variant_id
      join products product on product.id = locked.product_id
    ),
    address as (
      select jsonb_build_object(
        'cep', cep, 'street', street, 'number', number, 'complement', complement,
        'neighborhood', neighborhood, 'city', city, 'state', state
      ) as shipping_address
      from addresses
      where id = ${request.addressId} and user_id = ${userId}
    ),
    paused as (
      select ${checkoutPausedCondition(userId)} as paused
    ),
    problem as (
      select resolved.line, line.name, line.variant_label, locked.active
      from resolved
      left join locked on locked.id = resolved.variant_id
      left join needed on needed.variant_id = resolved.variant_id
      left join line on line.line = resolved.line
      where locked.id is null or not locked.active or locked.stock < needed.quantity
      order by resolved.line
      limit 1
    ),
    new_order as (
      insert into orders (
        user_id, checkout_key, payment_method, total_cents, pix_discount_basis_points,
        pix_discount_cents, customer_name, customer_email, customer_phone, customer_tax_id,
        customer_state_registration, shipping_address, payment_expires_at, freight
      )
      select
        ${userId}, ${checkoutKey}, ${method},
        -- Each unit as the method prices it (by PIX, with its discount: payment-prices.ts) times
        -- its quantity, less the coupon, and the freight.
        (select sum(line.paid_price_cents * line.quantity) from line) - ${couponCents}::bigint
          + ${freightCents}::bigint,
        ${discountBasisPoints}::integer,
        (select sum((line.price_cents - line.paid_price_cents) * line.quantity) from line),
        ${customer.name}, ${customer.email}, ${customer.phone}, ${customer.taxId},
        ${customer.stateRegistration ?? null}, address.shipping_address, ${expiry}, ${freight === null ? null : JSON.stringify(freight)}::jsonb
      from address
      where not exists (select from problem) and not (select paused from paused)
      on conflict (user_id, checkout_key) do nothing
      returning id, total_cents
    ),
    bought as (
      insert into order_items (
        order_id, product_id, variant_id, product_name, variant_label, sku, product_image, quantity,
        unit_price_cents, coupon_discount_cents
      )
      select new_order.id, line.product_id, line.variant_id, line.name, line.variant_label, line.sku,
             line.image, line.quantity, line.price_cents, line.coupon_share
      from new_order, line
      order by line.line
      returning variant_id, quantity
    ),
    -- The freight's line of the total, when the customer pays one.
    freight_line as (
      insert into order_adjustments (order_id, kind, label, amount_cents)
      select new_order.id, 'freight', ${freightLabel}, ${freightCents}::bigint
      from new_order
      where ${freightCents}::bigint > 0
    ),
    -- The coupon's line of the total and its use, counted against the customer's CPF or CNPJ.
    coupon_line as (
      insert into order_adjustments (order_id, kind, label, amount_cents)
      select new_order.id, 'coupon', ${coupon?.label ?? null}, -${couponCents}::bigint
      from new_order
      where ${couponCents}::bigint > 0
    ),
    coupon_use as (
      insert into coupon_uses (coupon_id, order_id, tax_id, discount_cents)
      select ${coupon?.id ?? null}::integer, new_order.id, ${customer.taxId}, ${couponCents}::bigint
      from new_order
      where ${couponCents}::bigint > 0
    ),
    bought_per_variant as (
      select variant_id, sum(quantity) as quantity from bought group by variant_id
    ),
    taken as (
      update product_variants set stock = product_variants.stock - bought_per_variant.quantity
      from bought_per_variant
      where product_variants.id = bought_per_variant.variant_id
    ),
    -- What was bought leaves the customer's cart; what another device added meanwhile stays.
    left_in_cart as (
      update cart_items set quantity = cart_items.quantity - bought_per_variant.quantity
      from bought_per_variant
      where cart_items.user_id = ${userId} and cart_items.variant_id = bought_per_variant.variant_id
        and cart_items.quantity > bought_per_variant.quantity
    ),
    out_of_cart as (
      delete from cart_items using bought_per_variant
      where cart_items.user_id = ${userId} and cart_items.variant_id = bought_per_variant.variant_id
        and cart_items.quantity <= bought_per_variant.quantity
    )
    select
      (select paused from paused) as "paused",
      exists (select from address) as "addressFound",
      (select line from problem) as "problemLine",
      (select name from problem where active) as "problemProductName",
      (select variant_label from problem where active) as "problemVariantLabel",
      (select id from new_order) as "orderId",
      (select total_cents from new_order) as "totalCents"
  `,
  )) as [ReservationRow];
  return reserved;
}

/** The id of the order a checkout attempt of the customer's placed, if it placed one. */
async function orderOfAttempt(db: Database, userId: string, checkoutKey: string): Promise<string | null> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, checkoutKey)));
  return existing?.id ?? null;
}

/**
 * A repeated request: the first one's payment, once its charge or checkout exists. If the first
 * request died before recording it (its process was killed), this one takes over its lease and
 * creates it itself; the lease lets only one request at a time create it.
 */
export async function paymentOfExistingOrder(
  deps: PlaceOrderDeps,
  orderId: string,
): Promise<PlaceOrderOutcome> {
  const { db } = deps;
  // Waiting takes none of the store's CPU: the order's turn ends here.
  deps.beforeRemoteCharge();
  for (const deadline = Date.now() + DUPLICATE_WAIT_MS; ;) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.status === "cancelled") return fail(PAYMENT_FAILED);
    const placed = await placedPaymentOf(order);
    if (placed) return { ok: true, orderId, ...placed };
    // A card order waits for its expiry if the store stopped taking cards since.
    const card = order.paymentMethod === "card" ? deps.card : null;
    if ((order.paymentMethod === "pix" || card) && (await takeOverChargeLease(db, orderId))) {
      if (card) return createOrderCheckout(deps, card, orderId);
      return createOrderCharge(deps, {
        orderId,
        amountCents: order.totalCents,
        customer: {
          name: order.customerName,
          email: order.customerEmail,
          phone: order.customerPhone,
          taxId: order.customerTaxId,
        },
      });
    }
    if (Date.now() > deadline) return fail(PAYMENT_FAILED);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Where an order is paid, once its charge or checkout is recorded. */
async function placedPaymentOf(order: typeof orders.$inferSelect): Promise<OrderPayment | null> {
  if (order.paymentMethod === "card")
    return order.cardCheckoutUrl ? { cardCheckoutUrl: order.cardCheckoutUrl } : null;
  const pixData = await pixPaymentOf(order);
  return pixData && { pixData };
}

/** Whether this request now holds the lease on creating the order's missing charge or checkout. */
async function takeOverChargeLease(db: Database, orderId: string): Promise<boolean> {
  const taken = await db
    .update(orders)
    .set({ chargeRequestedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "pending"),
        isNull(orders.pixChargeId),
        isNull(orders.cardCheckoutId),
        or(
          isNull(orders.chargeRequestedAt),
          lte(orders.chargeRequestedAt, sql`now() - ${CHARGE_LEASE}::interval`),
        ),
      ),
    )
    .returning({ id: orders.id });
  return taken.length > 0;
}
