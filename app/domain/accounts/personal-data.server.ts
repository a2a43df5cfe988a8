import { and, desc, eq, inArray, not, sql } from "drizzle-orm";
import type { Outcome } from "../../lib/outcome";
import type { Database } from "../../db/client.server";
import {
  addresses,
  cartItems,
  favorites,
  orders,
  passkeys,
  payments,
  products,
  productVariants,
  profiles,
  users,
} from "../../db/schema.server";
import { variantLabelSql } from "../catalog/variant-label-sql.server";
import { StorageUnavailableError, type FileStorage } from "../../storage/file-storage.server";
import { cancelOrders } from "../orders/move-order.server";
import { ordersWithLines } from "../orders/customer-orders.server";
import { paidOrder } from "../orders/paid.server";
import { PAYMENTS_IN_ORDER } from "../payments/order-payments.server";
import { ownReviews } from "../reviews/customer-reviews.server";
import { confirmPassword, type AuthCall } from "./auth-endpoints.server";

/** LGPD: everything the store keeps about a customer, as one JSON document. */
export async function exportPersonalData(db: Database, userId: string) {
  const [[account], [profile], customerAddresses, customerFavorites, cart, customerOrders, customerPasskeys] =
    await Promise.all([
      db
        .select({
          email: users.email,
          nome: users.name,
          criadoEm: users.createdAt,
          verificacaoEmDuasEtapas: users.twoFactorEnabled,
        })
        .from(users)
        .where(eq(users.id, userId)),
      db.select().from(profiles).where(eq(profiles.id, userId)),
      db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt)),
      db
        .select({ produtoId: favorites.productId, produto: products.name, adicionadoEm: favorites.createdAt })
        .from(favorites)
        .innerJoin(products, eq(products.id, favorites.productId))
        .where(eq(favorites.userId, userId)),
      db
        .select({
          produtoId: cartItems.productId,
          produto: products.name,
          variacao: variantLabelSql(sql`${products.options}`, sql`${productVariants.optionValues}`),
          sku: productVariants.sku,
          quantidade: cartItems.quantity,
          adicionadoEm: cartItems.createdAt,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .where(eq(cartItems.userId, userId)),
      ordersWithLines(db, eq(orders.userId, userId)),
      // The public keys are not personal data of use to anyone: names and dates are listed.
      db
        .select({ nome: passkeys.name, criadaEm: passkeys.createdAt, ultimoUso: passkeys.lastUsedAt })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(passkeys.createdAt),
    ]);
  const reviews = await ownReviews(db, userId);
  const orderPayments = await paymentsOf(
    db,
    customerOrders.map(({ order }) => order.id),
  );
  return {
    geradoEm: new Date().toISOString(),
    conta: account ?? null,
    perfil: profile ?? null,
    enderecos: customerAddresses,
    favoritos: customerFavorites,
    avaliacoes: reviews.map((review) => ({
      produtoId: review.productId,
      produto: review.productName,
      nota: review.rating,
      titulo: review.title,
      texto: review.body,
      situacao: review.status,
      respostaDaLoja: review.reply,
      criadaEm: review.createdAt,
    })),
    carrinho: cart,
    passkeys: customerPasskeys,
    pedidos: customerOrders.map(({ order, lines, adjustments }) => ({
      ...order,
      itens: lines,
      ajustes: adjustments,
      pagamentos: orderPayments.filter((payment) => payment.pedidoId === order.id),
    })),
  };
}

/** Each attempt to pay these orders, oldest first: how, its status, what it asked, received and gave back. */
function paymentsOf(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      pedidoId: payments.orderId,
      forma: payments.method,
      provedor: payments.provider,
      situacao: payments.status,
      valorCents: payments.amountCents,
      recebidoCents: payments.receivedCents,
      reembolsadoCents: payments.refundedCents,
      parcelas: payments.installments,
      criadoEm: payments.createdAt,
      pagoEm: payments.paidAt,
    })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(...PAYMENTS_IN_ORDER);
}

export const ACCOUNT_DELETION_UNAVAILABLE =
  "Não foi possível excluir a conta agora. Tente novamente em instantes.";

export type AccountDeletion = Outcome<{ headers: Headers }>;

/**
 * LGPD: erases the account after the password is confirmed. Pending unpaid orders are cancelled
 * (stock returned) and removed; paid orders stay for the store's fiscal records, anonymised.
 */
export async function deleteAccount(
  db: Database,
  storage: FileStorage,
  call: AuthCall,
  userId: string,
  password: string,
): Promise<AccountDeletion> {
  const check = await confirmPassword(call, password);
  if (!check.ok) return check;
  // The photo first: while the file storage is down, the account stays whole, to be deleted later.
  try {
    await storage.delete(`avatars/${userId}/avatar.webp`);
  } catch (error) {
    if (error instanceof StorageUnavailableError) return { ok: false, message: ACCOUNT_DELETION_UNAVAILABLE };
    throw error;
  }

  // Signed out first, so the answer clears the browser's session cookie.
  const signOut = await call.auth.api.signOut({ headers: call.request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of signOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);

  await db.transaction(async (tx) => {
    // Its orders still waiting for their payment, by the store itself: the account is going.
    await cancelOrders(tx, eq(orders.userId, userId), { actor: "job" });
    await tx.delete(orders).where(and(eq(orders.userId, userId), not(paidOrder)));
    await tx
      .update(orders)
      .set({
        userId: null,
        customerName: "Cliente removido",
        customerEmail: "",
        customerPhone: "",
        customerTaxId: "",
        customerStateRegistration: null,
        shippingAddress: {},
      })
      .where(eq(orders.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { ok: true, headers };
}
