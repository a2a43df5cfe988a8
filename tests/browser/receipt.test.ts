import { describe, expect, it } from "vitest";
import { receiptHtml, type ReceiptOrder } from "../../app/domain/orders/receipt";
import { useBrowser } from "../support/browser";
import { ownStoreSettings } from "../support/store-settings";

/** A paid order with what widens a receipt: long names, a long e-mail, amounts in the millions. */
const WIDE_ORDER: ReceiptOrder = {
  id: "3f2a9c1e-7b4d-4e8a-9f10-2b3c4d5e6f70",
  status: "processing",
  createdAt: new Date("2026-01-15T13:30:00Z"),
  paidAt: new Date("2026-01-15T13:42:00Z"),
  totalCents: 246_913_578,
  refundedCents: 0,
  adjustments: [],
  paymentMethod: "pix",
  cardPaymentType: null,
  cardInstallments: null,
  paymentStatus: "paid",
  pixStatus: "COMPLETED",
  paid: true,
  customerName: "Maria Aparecida de Souza Oliveira dos Santos Pereira",
  customerEmail: "maria.aparecida.de.souza.oliveira.dos.santos@empresa-de-exemplo.com.br",
  customerPhone: "11987654321",
  customerTaxId: "52998224725",
  customerStateRegistration: null,
  shippingAddress: {
    cep: "01310100",
    street: "Avenida Brigadeiro Faria Lima Jardim Paulistano",
    number: "1000",
    complement: "Conjunto 1201, Torre Norte, Bloco B",
    neighborhood: "Jardim Paulistano",
    city: "São Paulo",
    state: "SP",
  },
  items: [
    {
      id: 1,
      productId: 7,
      name: "Notebook Ultrafino Profissional 16 polegadas com processador de última geração",
      variantLabel: "Cor: Cinza Espacial / Memória: 64 GB / Armazenamento: 2 TB",
      sku: "VTR-7",
      image: "/x.webp",
      quantity: 12,
      unitPriceCents: 20_576_131,
      // 12 × R$ 205.761,31 = R$ 2.469.135,72
    },
  ],
  refunds: [],
};

describe("the order receipt", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("fits a phone's 390 px, every item's quantity and prices still named", async () => {
    const { page } = browser;
    await page.setContent(receiptHtml(WIDE_ORDER, ownStoreSettings()));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    // Each amount on a line of its own, after its column's name (the head is for screen readers).
    const cells = await page.locator("tbody td.num").evaluateAll((tds) =>
      tds.map((td) => ({
        text: `${getComputedStyle(td, "::before").content} ${td.textContent}`,
        right: td.getBoundingClientRect().right,
      })),
    );
    expect(cells.map((cell) => cell.text)).toEqual([
      expect.stringMatching(/Quantidade.* 12$/),
      expect.stringMatching(/Preço unitário.* R\$\u00a0205\.761,31$/),
      expect.stringMatching(/Total.* R\$\u00a02\.469\.135,72$/),
    ]);
    for (const cell of cells) expect(cell.right).toBeLessThanOrEqual(innerWidth);
  });
});
