import { collectDefaultMetrics, Counter, Registry } from "prom-client";

/**
 * The store's metrics, as `GET /metrics` exposes them (server/metrics.ts). Each instance counts
 * its own: a Prometheus server scrapes every instance and adds them up.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** What the domain counts as it happens, in this instance. */
export const storeCounters = {
  ordersCreated: new Counter({
    name: "vitrine_orders_created_total",
    help: "Pedidos criados (o checkout gravou o pedido)",
    registers,
  }),
  ordersPaid: new Counter({
    name: "vitrine_orders_paid_total",
    help: "Pedidos pagos (a cobrança PIX foi confirmada pelo provedor)",
    registers,
  }),
  paymentEvents: new Counter({
    name: "vitrine_payment_events_total",
    help: "Eventos de pagamento verificados: processed (o pedido seguiu a cobrança) ou failed",
    labelNames: ["result"] as const,
    registers,
  }),
  catalogIndexLoads: new Counter({
    name: "vitrine_catalog_index_loads_total",
    help: "Leituras do índice do catálogo: whole (o catálogo inteiro) ou changes (só os produtos alterados)",
    labelNames: ["kind"] as const,
    registers,
  }),
  storageErrors: new Counter({
    name: "vitrine_storage_errors_total",
    help: "Falhas do bucket S3 das fotos (não respondeu ou recusou), por operação: put, delete ou read",
    labelNames: ["operation"] as const,
    registers,
  }),
  mailDeliveries: new Counter({
    name: "vitrine_mail_deliveries_total",
    help: "Tentativas de envio de e-mail do outbox: sent ou failed",
    labelNames: ["result"] as const,
    registers,
  }),
};
