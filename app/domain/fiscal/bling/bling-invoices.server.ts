import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "../../../config/logger.server";
import { claimDue } from "../../../db/claim-due.server";
import type { Database } from "../../../db/client.server";
import { blingOrders, blingWebhookEvents } from "../../../db/schema.server";
import { z } from "../../../lib/zod";
import { storeWallClock } from "../../../lib/dates";
import type { OrderInvoice } from "../../../lib/order-invoice";
import type { OrderMailStore } from "../../orders/order-mail-store.server";
import { queueOrderUpdate } from "../../orders/order-update-mail.server";
import type { BlingApi } from "./bling-api.server";
import { BlingRateLimited } from "./bling-http.server";
import { verifyBlingSignature } from "./bling-webhook.server";

/**
 * The NF-e coming back from Bling (issue 54, point 3). The Bling job asks Bling, for each sales
 * order still without an authorised NF-e, whether it has one: every 10 minutes for 30 days after
 * it was sent, and at its next run when a webhook said something changed. An authorised NF-e is
 * kept on the order and its customer gets an e-mail with the DANFE and the XML.
 */

/** Bling's NF-e situations that mean authorised by SEFAZ: autorizada, emitida DANFE, registrada. */
const AUTHORISED = new Set([5, 6, 7]);
const RECHECK_MS = 10 * 60_000;
const FOLLOW_MS = 30 * 24 * 60 * 60_000;
const BATCH = 5;

/** Asks Bling about the invoices due. */
export async function followBlingInvoices(
  deps: { db: Database; logger: Logger; store: () => Promise<OrderMailStore> },
  api: BlingApi,
  now = new Date(),
): Promise<void> {
  const { db } = deps;
  await applyWebhookEvents(db, now);
  const claimed = await claimDue(db, blingOrders, {
    key: [blingOrders.orderId],
    due: and(
      eq(blingOrders.state, "sent"),
      isNull(blingOrders.invoiceKey),
      gt(blingOrders.sentAt, new Date(now.getTime() - FOLLOW_MS)),
      or(
        isNull(blingOrders.invoiceCheckedAt),
        lte(blingOrders.invoiceCheckedAt, new Date(now.getTime() - RECHECK_MS)),
      ),
    ),
    order: sql`${blingOrders.invoiceCheckedAt} asc nulls first`,
    batch: BATCH,
    lease: { invoiceCheckedAt: now },
    returning: {
      orderId: blingOrders.orderId,
      salesOrderId: blingOrders.salesOrderId,
      invoiceId: blingOrders.invoiceId,
    },
  });
  for (const row of claimed) {
    try {
      const invoiceId = row.invoiceId ?? (await api.findSalesOrderInvoice(row.salesOrderId!));
      if (invoiceId === null) continue;
      const read = await api.readInvoice(invoiceId);
      const issued: OrderInvoice | null =
        AUTHORISED.has(read.situacao) && read.chaveAcesso && /^\d{44}$/.test(read.chaveAcesso)
          ? {
              number: read.numero,
              series: read.serie,
              accessKey: read.chaveAcesso,
              // Bling writes São Paulo's wall clock ("2026-11-30 14:02:11").
              issuedAt: (read.dataEmissao && storeWallClock(read.dataEmissao)) || now,
              xmlUrl: httpsLink(read.xmlUrl),
              danfeUrl: httpsLink(read.danfeUrl),
            }
          : null;
      // Read before the transaction: a query beside an open one waits for it on the embedded database.
      const store = issued && (await deps.store());
      await db.transaction(async (tx) => {
        await tx
          .update(blingOrders)
          .set({
            invoiceId,
            ...(issued && {
              invoiceNumber: issued.number,
              invoiceSeries: issued.series,
              invoiceKey: issued.accessKey,
              invoiceIssuedAt: issued.issuedAt,
              invoiceXmlUrl: issued.xmlUrl,
              invoiceDanfeUrl: issued.danfeUrl,
            }),
            updatedAt: now,
          })
          .where(eq(blingOrders.orderId, row.orderId));
        if (issued && store)
          await queueOrderUpdate(tx, store, row.orderId, "invoice_issued", { invoice: issued });
      });
    } catch (error) {
      // Asked again at its next check; Bling asking to slow down ends this run.
      if (error instanceof BlingRateLimited) break;
      deps.logger.warn({ err: error, orderId: row.orderId }, "Falha ao buscar a NF-e do pedido no Bling");
    }
  }
}

/** A link of Bling's the pages may show: an http(s) address, or none. */
function httpsLink(url: string | null): string | null {
  return url && /^https?:\/\//.test(url) ? url : null;
}

/** The orders a webhook named are asked about at this run, whatever their last check. */
async function applyWebhookEvents(db: Database, now: Date): Promise<void> {
  const events = await db
    .update(blingWebhookEvents)
    .set({ processedAt: now })
    .where(isNull(blingWebhookEvents.processedAt))
    .returning({ event: blingWebhookEvents.event, resourceId: blingWebhookEvents.resourceId });
  const salesOrderIds = events.filter((e) => e.event.startsWith("order.")).map((e) => e.resourceId!);
  const invoiceIds = events.filter((e) => e.event.startsWith("invoice.")).map((e) => e.resourceId!);
  if (salesOrderIds.length === 0 && invoiceIds.length === 0) return;
  await db
    .update(blingOrders)
    .set({ invoiceCheckedAt: null })
    .where(
      and(
        isNull(blingOrders.invoiceKey),
        or(
          inArray(blingOrders.salesOrderId, salesOrderIds),
          inArray(blingOrders.invoiceId, invoiceIds),
          // An NF-e the store has not linked yet may be any waiting order's.
          invoiceIds.length > 0
            ? and(eq(blingOrders.state, "sent"), isNull(blingOrders.invoiceId))
            : undefined,
        ),
      ),
    );
}

const webhookSchema = z.object({
  eventId: z.string().min(1).max(100),
  event: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  data: z.object({ id: z.number().int().positive() }),
});

/** What the store answers Bling's webhook: 200 once the event is kept (or was already). */
export type BlingWebhookAnswer = { status: 200 } | { status: 400 | 401 | 404; error: string };

/**
 * A webhook from Bling (`X-Bling-Signature-256`: HMAC-SHA256 of the raw body with the
 * application's client secret): believed only when signed so, kept once by its `eventId`, and
 * answered at once; the Bling job handles it. An event of another resource is answered and
 * ignored.
 */
export async function receiveBlingWebhook(
  db: Database,
  clientSecret: string | null,
  rawBody: string,
  signature: string | undefined,
): Promise<BlingWebhookAnswer> {
  if (clientSecret === null) return { status: 404, error: "Bling não conectado" };
  if (!verifyBlingSignature(rawBody, signature, clientSecret))
    return { status: 401, error: "Assinatura inválida" };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { status: 400, error: "Corpo inválido" };
  }
  const event = webhookSchema.safeParse(body);
  if (!event.success) return { status: 400, error: "Evento inválido" };
  const { eventId, event: name, data } = event.data;
  if (!name.startsWith("order.") && !name.startsWith("invoice.")) return { status: 200 };
  await db
    .insert(blingWebhookEvents)
    .values({ eventId, event: name, resourceId: data.id })
    .onConflictDoNothing();
  return { status: 200 };
}

/** The issued NF-e of these orders, by order. */
export async function invoicesOf(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, OrderInvoice>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: blingOrders.orderId,
      number: blingOrders.invoiceNumber,
      series: blingOrders.invoiceSeries,
      accessKey: blingOrders.invoiceKey,
      issuedAt: blingOrders.invoiceIssuedAt,
      danfeUrl: blingOrders.invoiceDanfeUrl,
      xmlUrl: blingOrders.invoiceXmlUrl,
    })
    .from(blingOrders)
    .where(and(inArray(blingOrders.orderId, [...orderIds]), isNotNull(blingOrders.invoiceKey)));
  return new Map(
    rows.map(({ orderId, number, series, accessKey, ...links }) => [
      orderId,
      { number: number ?? "", series: series ?? "", accessKey: accessKey!, ...links },
    ]),
  );
}
