import { randomUUID } from "node:crypto";
import { buildBrCode } from "../../app/domain/payments/br-code";
import type { PixChargeStatus, PixProvider } from "../../app/domain/payments/pix-provider";
import { qrCodePngBase64 } from "../../app/domain/payments/qr-code.server";
import {
  failedRefund,
  REFUND_NOT_FOUND,
  type ProviderRefund,
} from "../../app/domain/payments/refund-provider";

interface MemoryCharge {
  amountCents: number;
  status: PixChargeStatus;
}

/**
 * A PIX provider kept in memory, for tests only: the least a new provider is, registered by one
 * line in a registry's table. Its payer pays with `pay`, its charges expire with `expire`; it posts
 * no webhook.
 */
export function createMemoryPixProvider(name = "memoria") {
  const charges = new Map<string, MemoryCharge>();
  const refunds = new Map<string, { chargeId: string; refund: ProviderRefund }>();
  const chargeOf = (chargeId: string) => {
    const charge = charges.get(chargeId);
    if (!charge) throw new Error(`Cobrança desconhecida: ${chargeId}`);
    return charge;
  };
  const refundedOf = (chargeId: string) =>
    [...refunds.values()]
      .filter((refund) => refund.chargeId === chargeId)
      .reduce((total, { refund }) => total + refund.amountCents, 0);

  const provider: PixProvider = {
    name,
    method: "pix",
    remote: false,
    async createCharge(request) {
      const chargeId = randomUUID().replaceAll("-", "").slice(0, 25);
      const brCode = buildBrCode({
        pixKey: "pix@memoria.test",
        merchantName: "Loja de Teste",
        merchantCity: "Sao Paulo",
        amountCents: request.amountCents,
        txid: chargeId,
        oneTime: true,
      });
      charges.set(chargeId, { amountCents: request.amountCents, status: "ACTIVE" });
      return {
        chargeId,
        brCode,
        qrCodeBase64: qrCodePngBase64(brCode),
        expiresAt: new Date(Date.now() + 60_000),
      };
    },
    async chargeStatus(chargeId) {
      const { status, amountCents } = chargeOf(chargeId);
      return { status, amountCents };
    },
    async cancel(chargeId) {
      const charge = chargeOf(chargeId);
      if (charge.status === "COMPLETED") throw new Error(`Cobrança já paga: ${chargeId}`);
      charge.status = "EXPIRED";
    },
    async refund(request) {
      const made = refunds.get(request.refundId);
      if (made) return made.refund;
      const charge = chargeOf(request.chargeId);
      if (charge.status !== "COMPLETED") return failedRefund(request, "Cobrança não paga");
      if (refundedOf(request.chargeId) + request.amountCents > charge.amountCents) {
        return failedRefund(request, "Valor maior que o saldo");
      }
      const refund: ProviderRefund = {
        status: "confirmed",
        providerRefundId: request.refundId,
        amountCents: request.amountCents,
        failure: null,
      };
      refunds.set(request.refundId, { chargeId: request.chargeId, refund });
      return refund;
    },
    async refundStatus(request) {
      return refunds.get(request.refundId)?.refund ?? failedRefund(request, REFUND_NOT_FOUND);
    },
  };

  return {
    provider,
    /** The payer pays an active charge: false for one cancelled, expired or paid. */
    pay(chargeId: string): boolean {
      const charge = chargeOf(chargeId);
      if (charge.status !== "ACTIVE") return false;
      charge.status = "COMPLETED";
      return true;
    },
    expire(chargeId: string) {
      const charge = chargeOf(chargeId);
      if (charge.status === "ACTIVE") charge.status = "EXPIRED";
    },
  };
}
