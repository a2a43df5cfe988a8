import { describe, expect, it } from "vitest";
import { ownStoreSettings } from "../../tests/support/store-settings";
import { orderUpdateMail, type OrderUpdateInput, type OrderUpdateStep } from "./order-update";

const base = {
  orderId: "3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f",
  customerName: "Maria Souza",
  store: ownStoreSettings(),
  orderUrl: "https://loja.example/account/track?order=3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f",
  amountCents: 12_990,
  reason: "Comprei o tamanho errado",
  tracking: { carrier: "correios", carrierName: null, code: "PB123456789BR" },
  invoice: {
    number: "1234",
    series: "1",
    accessKey: "35261111222333000181550010000012341000012345",
    issuedAt: new Date("2026-11-30T12:00:00Z"),
    danfeUrl: "https://bling.example/danfe/1234",
    xmlUrl: "https://bling.example/xml/1234",
  },
} satisfies Omit<OrderUpdateInput, "step">;

/** Each step: its subject, and what its text says. */
const STEPS: Record<OrderUpdateStep, { subject: string; says: string[] }> = {
  shipped: {
    subject: "Pedido enviado — pedido #3F2A9C1E",
    says: [
      "Seu pedido #3F2A9C1E foi enviado.",
      "Código de rastreio (Correios): PB123456789BR",
      "https://rastreamento.correios.com.br/app/index.php?objetos=PB123456789BR",
    ],
  },
  delivered: {
    subject: "Pedido entregue — pedido #3F2A9C1E",
    says: ["Seu pedido #3F2A9C1E foi entregue.", "desistir da compra em até 7 dias"],
  },
  withdrawal_cancelled: {
    subject: "Pedido cancelado a seu pedido — pedido #3F2A9C1E",
    says: [
      "Cancelamos o seu pedido #3F2A9C1E, como você pediu.",
      "Motivo informado: Comprei o tamanho errado",
      "Solicitamos o reembolso de R$\u00a0129,90",
    ],
  },
  return_requested: {
    subject: "Devolução solicitada — pedido #3F2A9C1E",
    says: ["Envie os produtos de volta", "o reembolso será feito assim que os recebermos"],
  },
  returned: {
    subject: "Recebemos a devolução — pedido #3F2A9C1E",
    says: ["Recebemos os produtos devolvidos do pedido #3F2A9C1E."],
  },
  refund_confirmed: {
    subject: "Reembolso de R$\u00a0129,90 confirmado — pedido #3F2A9C1E",
    says: ["O reembolso de R$\u00a0129,90 do pedido #3F2A9C1E foi confirmado.", "mesmo meio de pagamento"],
  },
  refund_failed: {
    subject: "Reembolso não realizado — pedido #3F2A9C1E",
    says: ["Não foi possível fazer o reembolso de R$\u00a0129,90", "Nossa equipe entrará em contato"],
  },
  invoice_issued: {
    subject: "Nota fiscal emitida — pedido #3F2A9C1E",
    says: [
      "A nota fiscal do seu pedido #3F2A9C1E foi emitida: NF-e nº 1234, série 1.",
      "Chave de acesso: 3526 1111 2223 3300 0181 5500 1000 0012 3410 0001 2345",
      "https://bling.example/danfe/1234",
      "https://bling.example/xml/1234",
    ],
  },
};

describe("order update e-mail", () => {
  for (const [step, expected] of Object.entries(STEPS) as [
    OrderUpdateStep,
    (typeof STEPS)[OrderUpdateStep],
  ][]) {
    it(`tells of '${step}' in its subject, text and HTML, from the store`, () => {
      const mail = orderUpdateMail({ ...base, step });
      expect(mail.subject).toBe(expected.subject);
      expect(mail.senderName).toBe("Empório Açaí & Cia");
      expect(mail.text).toContain("Olá, Maria Souza!");
      expect(mail.text).toContain(`Acompanhe seu pedido: ${base.orderUrl}`);
      expect(mail.html).toContain('lang="pt-BR"');
      expect(mail.html).toContain(`href="${base.orderUrl}"`);
      for (const words of expected.says) {
        expect(mail.text).toContain(words);
        expect(mail.html).toContain(words);
      }
    });

    it(`keeps what people typed as text in the '${step}' HTML`, () => {
      const { html, text } = orderUpdateMail({
        ...base,
        step,
        customerName: "<script>alert(1)</script>",
        reason: '<img src=x onerror="alert(2)">',
      });
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img");
      expect(html).toContain("Olá, &lt;script&gt;alert(1)&lt;/script&gt;!");
      expect(text).toContain("Olá, <script>alert(1)</script>!");
    });
  }

  it("links the shipped parcel to the Correios site in the HTML", () => {
    const { html } = orderUpdateMail({ ...base, step: "shipped" });
    expect(html).toContain('href="https://rastreamento.correios.com.br/app/index.php?objetos=PB123456789BR"');
    expect(html).toContain("Rastrear nos Correios");
  });

  it("links a Jadlog parcel to Jadlog's page, and names another carrier without a link", () => {
    const jadlog = orderUpdateMail({
      ...base,
      step: "shipped",
      tracking: { carrier: "jadlog", carrierName: null, code: "10080155188760" },
    });
    expect(jadlog.text).toContain("Código de rastreio (Jadlog): 10080155188760");
    expect(jadlog.html).toContain('href="https://www.jadlog.com.br/jadlog/tracking?cte=10080155188760"');
    expect(jadlog.html).toContain("Rastrear na Jadlog");

    const other = orderUpdateMail({
      ...base,
      step: "shipped",
      tracking: { carrier: "other", carrierName: "Braspress <Sul>", code: "BR-2030-77" },
    });
    expect(other.text).toContain("Código de rastreio (Braspress <Sul>): BR-2030-77");
    expect(other.html).toContain("Código de rastreio (Braspress &lt;Sul&gt;): BR-2030-77");
    expect(other.html).not.toContain("Rastrear n");
  });

  it("leaves the reason out when the customer gave none", () => {
    const { text, html } = orderUpdateMail({ ...base, step: "withdrawal_cancelled", reason: null });
    expect(text).not.toContain("Motivo informado");
    expect(html).not.toContain("Motivo informado");
  });

  it("shows a withdrawal's reason escaped", () => {
    const { html } = orderUpdateMail({ ...base, step: "return_requested", reason: "Tamanho <P> & cor" });
    expect(html).toContain("Motivo informado: Tamanho &lt;P&gt; &amp; cor");
  });
});
