import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "../../config/logger.server";
import type { Database } from "../../db/client.server";
import { addresses, orderItems, orders, products } from "../../db/schema.server";
import type { PixPayment } from "../payments/pix-payment";
import type { PixProvider } from "../payments/pix-provider";
import { cancelUnpaidOrders } from "./cancel-orders.server";
import { pixPaymentOf } from "./order-payment.server";
import {
  checkoutRequestSchema,
  invalidCheckoutMessage,
  type CheckoutRequest,
  type TaxpayerType,
} from "./checkout-schema";

export type PlaceOrderOutcome =
  { ok: true; orderId: string; pixData: PixPayment } | { ok: false; message: string };

export interface PlaceOrderDeps {
  db: Database;
  pix: PixProvider;
  /** How long a PIX code is valid (`PIX_EXPIRES_MINUTES`). */
  expiresMinutes: number;
  logger: Logger;
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
/** How long a repeated request waits for the first one's PIX charge. */
const DUPLICATE_WAIT_MS = 15_000;

const fail = (message: string) => ({ ok: false, message }) as const;

/**
 * Creates an order and its PIX charge (spec section 5 and DESIGN points 1-2): the request is
 * validated with the spec's messages, every line is priced from the database, and stock is
 * checked and taken in the transaction that inserts the order. The charge is created after the
 * commit; if the provider fails, the order is cancelled and its stock returned.
 */
export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const { db } = deps;
  if (!input.taxpayer) return fail("Complete seu perfil antes de finalizar a compra");
  const parsed = checkoutRequestSchema(input.taxpayer).safeParse(input.request);
  if (!parsed.success) return fail(invalidCheckoutMessage(parsed.error));

  const reserved = await reserveOrder(deps, input.userId, input.checkoutKey, parsed.data);
  if (!reserved.ok) return reserved;
  if (reserved.repeated) return paymentOfExistingOrder(db, reserved.orderId);

  const { orderId, totalCents } = reserved;
  try {
    const charge = await deps.pix.createCharge({
      orderId,
      amountCents: totalCents,
      customer: parsed.data.customer,
    });
    await db
      .update(orders)
      .set({
        pixProvider: deps.pix.name,
        pixChargeId: charge.chargeId,
        pixBrCode: charge.brCode,
        pixExpiresAt: charge.expiresAt,
      })
      .where(eq(orders.id, orderId));
    return {
      ok: true,
      orderId,
      pixData: {
        brCode: charge.brCode,
        qrCodeBase64: charge.qrCodeBase64,
        amount: totalCents / 100,
        expiresAt: charge.expiresAt.toISOString(),
      },
    };
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "Falha ao criar a cobrança PIX; pedido cancelado");
    await db.transaction((tx) => cancelUnpaidOrders(tx, eq(orders.id, orderId)));
    return fail(PAYMENT_FAILED);
  }
}

type Reservation =
  | { ok: true; repeated: false; orderId: string; totalCents: number }
  | { ok: true; repeated: true; orderId: string }
  | { ok: false; message: string };

/** The order, its lines and the stock they take, in one transaction; nothing is kept on failure. */
function reserveOrder(
  deps: PlaceOrderDeps,
  userId: string,
  checkoutKey: string,
  request: CheckoutRequest,
): Promise<Reservation> {
  return deps.db.transaction(async (tx) => {
    const [address] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, request.addressId), eq(addresses.userId, userId)));
    if (!address) return fail("Endereço não encontrado");

    // Locked in id order, so two checkouts sharing products never wait on each other in a cycle.
    const lines = [...request.products].sort((a, b) => a.id - b.id);
    const stocked = await tx
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        priceCents: products.priceCents,
        stock: products.stock,
      })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((line) => line.id),
        ),
      )
      .orderBy(asc(products.id))
      .for("update");
    const byId = new Map(stocked.map((product) => [product.id, product]));
    for (const line of lines) {
      const product = byId.get(line.id);
      if (!product) return fail(`Produto não encontrado: ${line.name}`);
      if (product.stock < line.quantity) return fail(`Estoque insuficiente: ${product.name}`);
    }
    const priced = lines.map((line) => ({ ...byId.get(line.id)!, quantity: line.quantity }));
    const totalCents = priced.reduce((total, line) => total + line.priceCents * line.quantity, 0);

    const { customer } = request;
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        checkoutKey,
        totalCents,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        customerTaxId: customer.taxId,
        shippingAddress: {
          cep: address.cep,
          street: address.street,
          number: address.number,
          complement: address.complement,
          neighborhood: address.neighborhood,
          city: address.city,
          state: address.state,
        },
        // Until the provider gives the charge's own expiry: an order whose charge was never
        // created still expires, and its stock comes back.
        pixExpiresAt: new Date(Date.now() + deps.expiresMinutes * 60_000),
      })
      .onConflictDoNothing({ target: [orders.userId, orders.checkoutKey] })
      .returning({ id: orders.id });
    if (!order) {
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, checkoutKey)));
      return { ok: true, repeated: true, orderId: existing!.id };
    }
    // The lines and the stock they take, in one statement.
    const bought = tx.$with("bought").as(
      tx
        .insert(orderItems)
        .values(
          priced.map((line) => ({
            orderId: order.id,
            productId: line.id,
            productName: line.name,
            productImage: line.image,
            quantity: line.quantity,
            unitPriceCents: line.priceCents,
          })),
        )
        .returning({ productId: orderItems.productId, quantity: orderItems.quantity }),
    );
    await tx
      .with(bought)
      .update(products)
      .set({ stock: sql`${products.stock} - ${bought.quantity}` })
      .from(bought)
      .where(eq(products.id, bought.productId));
    return { ok: true, repeated: false, orderId: order.id, totalCents };
  });
}

/** A repeated request: the first one's payment, once its charge exists. */
async function paymentOfExistingOrder(db: Database, orderId: string): Promise<PlaceOrderOutcome> {
  for (const deadline = Date.now() + DUPLICATE_WAIT_MS; ;) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.status === "cancelled") return fail(PAYMENT_FAILED);
    const pixData = await pixPaymentOf(order);
    if (pixData) return { ok: true, orderId, pixData };
    if (Date.now() > deadline) return fail(PAYMENT_FAILED);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
