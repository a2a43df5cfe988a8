import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Env } from "../../../config/env.server";
import type { Logger } from "../../../config/logger.server";
import type { Database } from "../../../db/client.server";
import { orders, shippingLabels } from "../../../db/schema.server";
import { compactInvoiceKey, INVOICE_KEY_MESSAGE, isInvoiceKey } from "../../../lib/invoice-key";
import { changeOrderStatus } from "../../admin/change-order-status.server";
import { saveTracking } from "../../admin/order-tracking-code.server";
import { recordAdminWrite, type AdminActor } from "../../audit/audit.server";
import { invoicesOf } from "../../fiscal/bling/bling-invoices.server";
import { findOrderDetails } from "../../orders/order-details.server";
import type { OrderMailStore } from "../../orders/order-mail-store.server";
import { ProviderError } from "../../payments/provider-http.server";
import type { StoreSettings } from "../../store-settings/settings-schema";
import { melhorEnvioUserAgent } from "../freight/melhor-envio.server";
import { labelRefusal, labelShipmentOf, labelTrackingOf } from "./label-shipment.server";
import { createMelhorEnvioLabels, type MelhorEnvioLabels } from "./melhor-envio-labels.server";

/**
 * 'Comprar etiqueta' (issue 54, point 5): each order's shipment goes into the Melhor Envio cart
 * with the service the customer chose and the NF-e's key, then all of them are paid from the
 * account's balance at once, generated, and printed as one PDF; each label's tracking code goes
 * on its order (the customer's tracking starts as when the admin types it). Every step reads
 * where the shipment stands first, so a try after a failure goes on from there and never buys a
 * label twice; a try under way claims the order, so two admins never cart it twice.
 */

export const LABEL_MESSAGES = {
  notConfigured: "Defina o MELHOR_ENVIO_TOKEN do servidor para comprar etiquetas pelo Melhor Envio",
  notFound: "Pedido não encontrado",
  noInvoice: "Este pedido ainda não tem NF-e autorizada: informe a chave de acesso da nota",
  busy: "A etiqueta deste pedido já está sendo comprada: aguarde um instante",
  unexpected: "Erro inesperado ao comprar a etiqueta: tente de novo",
} as const;

/** How long a try's claim keeps another away (its calls, at Melhor Envio's 10-second timeout). */
const CLAIM_MS = 2 * 60_000;
/** Melhor Envio's statuses of a shipment whose label exists. */
const LABELLED = ["generated", "posted", "delivered"];
/** Melhor Envio's statuses of a shipment that will never be labelled. */
const GONE = ["canceled", "expired"];

export interface LabelDeps {
  db: Database;
  /** The customers' e-mails speak in the store's name (an order moved to 'processing' says so). */
  store: () => Promise<OrderMailStore>;
  env: Pick<Env, "MELHOR_ENVIO_API_URL" | "MELHOR_ENVIO_TOKEN">;
  logger: Logger;
  settings: StoreSettings;
  /** The store's public origin, for the admin's order link Melhor Envio's panel shows. */
  baseURL: string;
}

/** An order to label, with the NF-e key the admin typed (else the one Bling sent back). */
export interface LabelAsk {
  orderId: string;
  invoiceKey?: string | null;
}

export interface LabelsOutcome {
  /** The orders labelled, and the tracking code each got (null until Melhor Envio gives it). */
  labelled: { orderId: string; trackingCode: string | null }[];
  /** One PDF with the labels of this try, to print. */
  printUrl: string | null;
  /** The orders that were not, each with why. */
  refused: { orderId: string; message: string }[];
}

/** An order whose shipment Melhor Envio has, with its status there. */
interface Shipment {
  orderId: string;
  shipmentId: string;
  status: string;
  carrier: string;
}

export async function buyLabels(
  deps: LabelDeps,
  actor: AdminActor,
  asks: LabelAsk[],
): Promise<LabelsOutcome> {
  const outcome: LabelsOutcome = { labelled: [], printUrl: null, refused: [] };
  const api = labelsApi(deps);
  if (!api) {
    outcome.refused = asks.map(({ orderId }) => ({ orderId, message: LABEL_MESSAGES.notConfigured }));
    return outcome;
  }
  const refuse = async (orderId: string, message: string, claimed = true) => {
    outcome.refused.push({ orderId, message });
    if (claimed) {
      await deps.db
        .update(shippingLabels)
        .set({ lastError: message, claimedAt: null, updatedAt: new Date() })
        .where(eq(shippingLabels.orderId, orderId));
    }
  };

  let shipments: Shipment[] = [];
  for (const ask of asks) {
    const carted = await cartOrder(deps, api, ask);
    if ("message" in carted) await refuse(ask.orderId, carted.message, carted.claimed);
    else shipments.push(carted);
  }

  // Paid all at once from the balance, then generated all at once: one step's refusal is every one's.
  for (const step of [
    { from: "pending", to: "released", run: api.checkout, failed: "O Melhor Envio não pagou a etiqueta" },
    { from: "released", to: "generated", run: api.generate, failed: "O Melhor Envio não gerou a etiqueta" },
  ]) {
    const due = shipments.filter((shipment) => shipment.status === step.from);
    if (due.length === 0) continue;
    try {
      await step.run(due.map((shipment) => shipment.shipmentId));
      for (const shipment of due) shipment.status = step.to;
    } catch (error) {
      const message = providerMessage(deps.logger, error, step.failed);
      for (const shipment of due) await refuse(shipment.orderId, message);
      shipments = shipments.filter((shipment) => !due.includes(shipment));
    }
  }

  const labelled = shipments.filter((shipment) => LABELLED.includes(shipment.status));
  for (const shipment of shipments.filter((candidate) => !labelled.includes(candidate))) {
    await refuse(
      shipment.orderId,
      `O envio está '${shipment.status}' no Melhor Envio: confira-o no painel de lá`,
    );
  }
  if (labelled.length === 0) return outcome;
  try {
    outcome.printUrl = await api.print(labelled.map((shipment) => shipment.shipmentId));
  } catch (error) {
    // Bought and generated all the same: 'Imprimir etiqueta' on each order asks again.
    deps.logger.warn({ err: error }, "Melhor Envio não imprimiu as etiquetas");
  }
  for (const shipment of labelled) {
    outcome.labelled.push({
      orderId: shipment.orderId,
      trackingCode: await recordLabel(deps, api, actor, shipment),
    });
  }
  return outcome;
}

/** The store's Melhor Envio account; null without its token. */
function labelsApi(deps: LabelDeps): MelhorEnvioLabels | null {
  const token = deps.env.MELHOR_ENVIO_TOKEN;
  if (!token) return null;
  return createMelhorEnvioLabels({
    apiUrl: deps.env.MELHOR_ENVIO_API_URL,
    token,
    userAgent: melhorEnvioUserAgent(deps.settings.legal.sacEmail),
  });
}

/**
 * The order checked, claimed, and its shipment in Melhor Envio's cart (or found there from an
 * earlier try, with its status now); else why not, and whether the order was claimed.
 */
async function cartOrder(
  deps: LabelDeps,
  api: MelhorEnvioLabels,
  ask: LabelAsk,
): Promise<Shipment | { message: string; claimed: boolean }> {
  const unclaimed = (message: string) => ({ message, claimed: false });
  const order = await findOrderDetails(deps.db, ask.orderId);
  if (!order) return unclaimed(LABEL_MESSAGES.notFound);
  const [row] = await deps.db
    .select({ freight: orders.freight, trackingCode: orders.trackingCode })
    .from(orders)
    .where(eq(orders.id, order.id));
  const freight = row?.freight ?? null;
  const refusal = labelRefusal({ ...order, freight, trackingCode: row?.trackingCode ?? null });
  // An order without freight was refused above; this tells the types so.
  if (refusal || !freight) return unclaimed(refusal ?? LABEL_MESSAGES.notFound);
  const typed = ask.invoiceKey ? compactInvoiceKey(ask.invoiceKey) : null;
  const invoiceKey = typed || (await invoicesOf(deps.db, [order.id])).get(order.id)?.accessKey;
  if (!invoiceKey) return unclaimed(LABEL_MESSAGES.noInvoice);
  if (!isInvoiceKey(invoiceKey)) return unclaimed(INVOICE_KEY_MESSAGE);

  const claimed = await claimOrder(deps.db, order.id, invoiceKey);
  if (!claimed) return unclaimed(LABEL_MESSAGES.busy);
  const shipment = { orderId: order.id, carrier: freight.carrier };
  try {
    if (claimed.shipmentId) {
      const { status } = await api.readShipment(claimed.shipmentId);
      // One cancelled or expired in Melhor Envio is done with: a new one goes into the cart.
      if (!GONE.includes(status)) return { ...shipment, shipmentId: claimed.shipmentId, status };
    }
    const shipmentId = await api.addToCart(
      labelShipmentOf(
        order,
        freight,
        deps.settings.legal,
        claimed.invoiceKey,
        `${deps.baseURL}/admin/orders/${order.id}`,
      ),
    );
    await deps.db
      .update(shippingLabels)
      .set({ shipmentId, shipmentStatus: "pending", updatedAt: new Date() })
      .where(eq(shippingLabels.orderId, order.id));
    return { ...shipment, shipmentId, status: "pending" };
  } catch (error) {
    return { message: providerMessage(deps.logger, error, "O Melhor Envio recusou o envio"), claimed: true };
  }
}

/**
 * The order's label row, claimed for this try: made now, or taken when no other try holds it
 * (none, or one older than `CLAIM_MS`). A key typed again replaces the kept one until the
 * shipment exists (Melhor Envio keeps the one it was carted with). Null: another try holds it.
 */
async function claimOrder(db: Database, orderId: string, invoiceKey: string) {
  const now = new Date();
  const [claimed] = await db
    .insert(shippingLabels)
    .values({ orderId, invoiceKey, claimedAt: now })
    .onConflictDoUpdate({
      target: shippingLabels.orderId,
      set: {
        claimedAt: now,
        lastError: null,
        updatedAt: now,
        invoiceKey: sql`case when ${shippingLabels.shipmentId} is null then excluded.invoice_key else ${shippingLabels.invoiceKey} end`,
      },
      setWhere: or(
        isNull(shippingLabels.claimedAt),
        lt(shippingLabels.claimedAt, new Date(now.getTime() - CLAIM_MS)),
      ),
    })
    .returning({ shipmentId: shippingLabels.shipmentId, invoiceKey: shippingLabels.invoiceKey });
  return claimed ?? null;
}

/**
 * A label generated: its status kept, the claim let go, the purchase audited, the order being
 * prepared (moved there as the admin's status form moves it, when still 'pending'), and its
 * tracking code, once Melhor Envio has it, saved on the order as the admin's form saves one.
 */
async function recordLabel(
  deps: LabelDeps,
  api: MelhorEnvioLabels,
  actor: AdminActor,
  shipment: Shipment,
): Promise<string | null> {
  let tracking: string | null = null;
  try {
    tracking = (await api.readShipment(shipment.shipmentId)).tracking;
  } catch (error) {
    deps.logger.warn({ err: error, orderId: shipment.orderId }, "Melhor Envio não informou o rastreio");
  }
  await deps.db.transaction(async (tx) => {
    const label = and(
      eq(shippingLabels.orderId, shipment.orderId),
      eq(shippingLabels.shipmentId, shipment.shipmentId),
    );
    const [before] = await tx
      .select({ status: shippingLabels.shipmentStatus })
      .from(shippingLabels)
      .where(label)
      .for("update");
    await tx
      .update(shippingLabels)
      .set({ shipmentStatus: shipment.status, lastError: null, claimedAt: null, updatedAt: new Date() })
      .where(label);
    // Audited once, when it was bought: a later try only looks for its tracking code.
    if (!LABELLED.includes(before?.status ?? "")) {
      await recordAdminWrite(tx, actor, {
        action: "order.label",
        targetType: "order",
        targetId: shipment.orderId,
        before: null,
        after: { melhorEnvio: shipment.shipmentId },
      });
    }
  });
  const [order] = await deps.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, shipment.orderId));
  if (order?.status === "pending") await changeOrderStatus(deps, actor, shipment.orderId, "processing");
  if (!tracking) return null;
  const saved = await saveTracking(
    deps.db,
    actor,
    shipment.orderId,
    labelTrackingOf(shipment.carrier, tracking),
  );
  return saved.ok ? tracking : null;
}

/** The admin's words for a failed call: Melhor Envio's own after `failed`, or which call went unanswered. */
function providerMessage(logger: Logger, error: unknown, failed: string): string {
  if (error instanceof ProviderError) return error.refusal ? `${failed}: ${error.refusal}` : error.message;
  logger.error({ err: error }, "Falha ao comprar a etiqueta no Melhor Envio");
  return LABEL_MESSAGES.unexpected;
}

/** The order's label as the admin's order page shows it; null before any try. */
export interface LabelState {
  /** Generated: it can be printed. */
  labelled: boolean;
  lastError: string | null;
  invoiceKey: string;
}

export async function labelState(db: Database, orderId: string): Promise<LabelState | null> {
  const [row] = await db
    .select({
      status: shippingLabels.shipmentStatus,
      lastError: shippingLabels.lastError,
      invoiceKey: shippingLabels.invoiceKey,
    })
    .from(shippingLabels)
    .where(eq(shippingLabels.orderId, orderId));
  if (!row) return null;
  return {
    labelled: LABELLED.includes(row.status ?? ""),
    lastError: row.lastError,
    invoiceKey: row.invoiceKey,
  };
}

/** 'Imprimir etiqueta': the PDF of the order's label, asked of Melhor Envio now; null: no label yet. */
export async function printLabel(deps: LabelDeps, orderId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ shipmentId: shippingLabels.shipmentId, status: shippingLabels.shipmentStatus })
    .from(shippingLabels)
    .where(eq(shippingLabels.orderId, orderId));
  const api = labelsApi(deps);
  if (!row?.shipmentId || !LABELLED.includes(row.status ?? "") || !api) return null;
  return api.print([row.shipmentId]);
}
