import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { parseBrCode } from "../../app/domain/payments/br-code";
import type { CardCheckoutRequest, CardProvider } from "../../app/domain/payments/card-provider";
import { INVALID_SIGNATURE, type WebhookReading } from "../../app/domain/payments/payment-webhook";
import type { PixProvider } from "../../app/domain/payments/pix-provider";
import type { RefundingProvider, RefundRequest } from "../../app/domain/payments/refund-provider";

// What every payment provider does, whoever it is: the cases a new provider passes before the
// store may name it. Each provider gives the suite what only its tests can do (a payer paying at
// the provider, time running out), and the webhook deliveries it signs, if it posts any.

/** A delivery of the provider's webhook about a charge or payment, signed by it or forged. */
type WebhookOf = (id: string, signature: "signed" | "forged") => Request;

export interface PixContractSubject {
  /** The provider, made through the registry as the store makes it. */
  provider: PixProvider;
  /** The payer pays the charge at the provider: false when it can no longer be paid. */
  pay(chargeId: string): Promise<boolean>;
  /** The charge's time to be paid runs out. */
  expire(chargeId: string): Promise<void>;
  /** Its webhook that a charge was paid; null for a provider that posts none. */
  webhook: WebhookOf | null;
  /**
   * Its signed webhook that the payer opened a dispute (a MED) of a paid charge's payment; null
   * for a provider whose payments are never disputed.
   */
  disputeOpened: ((chargeId: string) => Request) | null;
}

export interface CardContractSubject {
  /** The provider, made through the registry as the store makes it. */
  provider: CardProvider;
  /**
   * The customer pays on the checkout by card, approved or refused, in `installments`: the
   * payment's id, or null when the checkout takes no payment.
   */
  pay(checkoutId: string, outcome: "approved" | "rejected", installments: number): Promise<string | null>;
  /** Its webhook about a payment; null for a provider that posts none. */
  webhook: WebhookOf | null;
  /** The payer disputes an approved payment at the provider; null for a provider without disputes. */
  dispute: ((paymentId: string) => Promise<void>) | null;
}

/** What a refund case needs: a payment at the provider, taken or not. */
interface RefundSubject {
  provider: RefundingProvider;
  /** The id of a payment of `amountCents` the payer made: a PIX charge paid, a card approved. */
  paid(amountCents: number): Promise<string>;
  /** The id of a charge or payment that took no money. */
  unpaid(amountCents: number): Promise<string>;
}

const PNG_SIGNATURE = "89504e470d0a1a0a";

const customer = {
  name: "Maria Souza",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
  taxId: "529.982.247-25",
};

/** The shared behaviour of a PIX provider, for the subject `setUp` makes (after the file's own set-up). */
export function pixProviderContract(setUp: () => PixContractSubject) {
  let subject: PixContractSubject;
  beforeAll(() => {
    subject = setUp();
  });
  const charge = (amountCents: number) =>
    subject.provider.createCharge({ orderId: randomUUID(), amountCents, customer });

  it("creates a charge for the amount, pending until the payer pays it, then paid with the amount", async () => {
    const created = await charge(12_345);
    expect(parseBrCode(created.brCode)["54"]).toBe("123.45");
    expect(Buffer.from(created.qrCodeBase64, "base64").subarray(0, 8).toString("hex")).toBe(PNG_SIGNATURE);
    expect(created.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await charge(12_345)).chargeId).not.toBe(created.chargeId);

    const { provider } = subject;
    expect(await provider.chargeStatus(created.chargeId)).toEqual({ status: "ACTIVE", amountCents: 12_345 });
    expect(await subject.pay(created.chargeId)).toBe(true);
    expect(await provider.chargeStatus(created.chargeId)).toEqual({
      status: "COMPLETED",
      amountCents: 12_345,
    });
  });

  it("reads a charge whose time ran out as expired", async () => {
    const { chargeId } = await charge(5_000);
    await subject.expire(chargeId);
    expect(await subject.provider.chargeStatus(chargeId)).toEqual({ status: "EXPIRED", amountCents: 5_000 });
  });

  it("cancels an unpaid charge: the payer can no longer pay it and it reads as expired; again, nothing changes", async () => {
    const { chargeId } = await charge(5_000);
    await subject.provider.cancel(chargeId);
    await subject.provider.cancel(chargeId);
    expect(await subject.pay(chargeId)).toBe(false);
    expect((await subject.provider.chargeStatus(chargeId)).status).toBe("EXPIRED");
  });

  it("refuses to cancel a paid charge, which stays paid", async () => {
    const { chargeId } = await charge(5_000);
    await subject.pay(chargeId);
    await expect(subject.provider.cancel(chargeId)).rejects.toThrow();
    expect(await subject.provider.chargeStatus(chargeId)).toEqual({
      status: "COMPLETED",
      amountCents: 5_000,
    });
  });

  it("tells which charge a disputed payment paid and what its dispute event says; or knows no disputes", async () => {
    const { provider, disputeOpened } = subject;
    if (!disputeOpened) {
      expect([provider.disputeNews, provider.disputedCharge]).toEqual([undefined, undefined]);
      return;
    }
    const { chargeId } = await charge(5_000);
    await subject.pay(chargeId);
    const reading = await provider.webhookEvent!(disputeOpened(chargeId));
    if (!reading.ok || !reading.event) throw new Error("Disputa não lida");
    expect(provider.disputeNews!(reading.event.eventType)).toMatchObject({ opens: true });
    expect(await provider.disputedCharge!(reading.event.chargeId)).toBe(chargeId);
    expect(provider.disputeNews!("COMPLETED")).toBeNull();
  });

  refundContract(() => ({
    provider: subject.provider,
    async paid(amountCents) {
      const { chargeId } = await charge(amountCents);
      if (!(await subject.pay(chargeId))) throw new Error(`Cobrança não paga: ${chargeId}`);
      return chargeId;
    },
    unpaid: async (amountCents) => (await charge(amountCents)).chargeId,
  }));

  webhookContract(
    () => subject.provider,
    () => subject.webhook,
    async () => {
      const { chargeId } = await charge(5_000);
      await subject.pay(chargeId);
      return chargeId;
    },
  );
}

/** The shared behaviour of a card provider, for the subject `setUp` makes (after the file's own set-up). */
export function cardProviderContract(setUp: () => CardContractSubject) {
  let subject: CardContractSubject;
  beforeAll(() => {
    subject = setUp();
  });

  async function checkout(lines: CardCheckoutRequest["items"]) {
    const orderId = randomUUID();
    const made = await subject.provider.createCheckout({
      orderId,
      items: lines,
      payer: { name: customer.name, email: customer.email, taxId: customer.taxId },
      returnUrl: `https://loja.example/payment/card/${orderId}`,
      maxInstallments: 12,
      expiresAt: new Date(Date.now() + 3_600_000),
      boletoDueAt: new Date(Date.now() + 3 * 86_400_000),
    });
    return { orderId, ...made };
  }
  const single = (amountCents: number) =>
    checkout([{ name: "Fone Bluetooth", quantity: 1, unitPriceCents: amountCents }]);
  async function paid(checkoutId: string, outcome: "approved" | "rejected", installments = 1) {
    const paymentId = await subject.pay(checkoutId, outcome, installments);
    if (!paymentId) throw new Error(`Checkout não aceitou o pagamento: ${checkoutId}`);
    return paymentId;
  }

  it("creates a checkout for the order's lines, where the customer is sent, with no payment yet", async () => {
    const made = await single(10_000);
    expect(made.checkoutId).not.toBe("");
    expect(new URL(made.redirectUrl).protocol).toMatch(/^https?:$/);
    expect((await single(10_000)).checkoutId).not.toBe(made.checkoutId);
    expect(await subject.provider.paymentsOf(made.orderId)).toEqual([]);
  });

  it("reads each payment made on the checkout: its status, the lines' total, its instalments, method and order", async () => {
    const { orderId, checkoutId } = await checkout([
      { name: "Teclado", quantity: 2, unitPriceCents: 12_345 },
      { name: "Mouse", quantity: 1, unitPriceCents: 9_990 },
    ]);
    const refused = await paid(checkoutId, "rejected", 2);
    const approved = await paid(checkoutId, "approved", 3);
    const expected = { amountCents: 34_680, methodType: "credit_card", orderId, dueAt: null };

    expect(await subject.provider.payment(refused)).toEqual({
      paymentId: refused,
      status: "rejected",
      installments: 2,
      ...expected,
    });
    const read = await subject.provider.payment(approved);
    expect(read).toEqual({ paymentId: approved, status: "approved", installments: 3, ...expected });
    const ofOrder = await subject.provider.paymentsOf(orderId);
    expect(ofOrder.map((payment) => payment.paymentId).sort()).toEqual([approved, refused].sort());
    expect(ofOrder.find((payment) => payment.paymentId === approved)).toEqual(read);
  });

  it("throws for a payment it never made", async () => {
    await expect(subject.provider.payment("999999999999")).rejects.toThrow();
  });

  it("closes a checkout: it takes no more payments; closing it again changes nothing", async () => {
    const { checkoutId, orderId } = await single(10_000);
    await subject.provider.cancel(checkoutId);
    await subject.provider.cancel(checkoutId);
    expect(await subject.pay(checkoutId, "approved", 1)).toBeNull();
    expect(await subject.provider.paymentsOf(orderId)).toEqual([]);
  });

  it("says what a disputed payment's status tells of the dispute; or knows no disputes", async () => {
    const { provider, dispute } = subject;
    if (!dispute) {
      expect(provider.disputeNews).toBeUndefined();
      return;
    }
    const paymentId = await paid((await single(5_000)).checkoutId, "approved");
    expect(provider.disputeNews!((await provider.payment(paymentId)).status)).toBeNull();
    await dispute(paymentId);
    expect(provider.disputeNews!((await provider.payment(paymentId)).status)).toMatchObject({ opens: true });
  });

  refundContract(() => ({
    provider: subject.provider,
    paid: async (amountCents) => paid((await single(amountCents)).checkoutId, "approved"),
    unpaid: async (amountCents) => paid((await single(amountCents)).checkoutId, "rejected"),
  }));

  webhookContract(
    () => subject.provider,
    () => subject.webhook,
    async () => paid((await single(5_000)).checkoutId, "approved"),
  );
}

function refundOf(chargeId: string, amountCents: number): RefundRequest {
  return { refundId: randomUUID(), chargeId, amountCents, reason: "Produto devolvido" };
}

function refundContract(subjectOf: () => RefundSubject) {
  it("refunds a paid one once per refund id: asked again, it answers the first refund, which its status reads back", async () => {
    const { provider, paid } = subjectOf();
    const request = refundOf(await paid(10_000), 6_000);
    const first = await provider.refund(request);
    expect(first).toMatchObject({ status: "confirmed", amountCents: 6_000, failure: null });

    expect(await provider.refund(request)).toEqual(first);
    expect(await provider.refundStatus({ ...request, providerRefundId: first.providerRefundId })).toEqual(
      first,
    );
    // Had the first refund been made twice, this one would be more than is left.
    expect(await provider.refund(refundOf(request.chargeId, 4_000))).toMatchObject({ status: "confirmed" });
  });

  it("answers a refund of more than is left, or of what took no money, as failed, and refunds nothing", async () => {
    const { provider, paid, unpaid } = subjectOf();
    const chargeId = await paid(10_000);
    expect(await provider.refund(refundOf(chargeId, 10_001))).toMatchObject({
      status: "failed",
      providerRefundId: null,
      amountCents: 10_001,
    });
    expect(await provider.refund(refundOf(await unpaid(3_000), 3_000))).toMatchObject({ status: "failed" });
    expect(await provider.refund(refundOf(chargeId, 10_000))).toMatchObject({ status: "confirmed" });
  });
}

function webhookContract(
  providerOf: () => PixProvider | CardProvider,
  webhookOf: () => WebhookOf | null,
  paidId: () => Promise<string>,
) {
  it("reads its signed webhook as news about the payment, and refuses a forged one; or posts none", async () => {
    const provider = providerOf();
    const webhook = webhookOf();
    if (!webhook) {
      expect(provider.webhookEvent).toBeUndefined();
      return;
    }
    const id = await paidId();
    const read = (request: Request): Promise<WebhookReading> => provider.webhookEvent!(request);
    expect(await read(webhook(id, "signed"))).toMatchObject({
      ok: true,
      event: { provider: provider.name, chargeId: id },
    });
    expect(await read(webhook(id, "forged"))).toEqual(INVALID_SIGNATURE);
  });
}
