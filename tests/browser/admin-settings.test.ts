import path from "node:path";
import type { Page } from "playwright-core";
import { parseBrCode } from "../../app/domain/payments/br-code";
import { formatBRL } from "../../app/lib/money";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cookieHeader, signInContext, signUpCustomer } from "../support/accounts";
import {
  openPanelAsStoreAdmin,
  panelOverHttp,
  productForm,
  STORE_ADMIN_ENV,
} from "../support/admin-over-http";
import { createdProductId } from "../support/admin-products";
import { useBrowser } from "../support/browser";
import { eventually } from "../support/eventually";
import { startFakeCepServer } from "../support/fake-cep-server";
import { addAddressOverHttp, checkoutBody, payOverHttp, postCheckoutOverHttp } from "../support/orders";
import { brl, readable, textOf, toast } from "../support/page-text";
import { startSmtpServer, type SmtpFixture } from "../support/smtp-server";
import { startStoreFrom, type StoreServer } from "../support/store-server";

// A save re-encodes pictures and drops the page caches: slow on a busy machine, not a failure.
const WAIT = { timeout: 20_000 };
const INSTAGRAM = "https://www.instagram.com/lojadaana";

// The store's name, colour and links show on every page: this file changes them on a store of its
// own, so the suite's other files, running beside it, keep the demo store's. Its e-mails go to a
// real SMTP server on loopback, its CEP lookups to a fake ViaCEP.
let store: StoreServer;
let smtp: SmtpFixture;
let cep: Awaited<ReturnType<typeof startFakeCepServer>>;
beforeAll(async () => {
  [smtp, cep] = await Promise.all([startSmtpServer(), startFakeCepServer()]);
  store = await startStoreFrom("migrated", {
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    CEP_API_URL: cep.url,
    // No card provider (the sandbox's is the default beside the sandbox's PIX): no instalments.
    CARD_PROVIDER: "none",
    ...STORE_ADMIN_ENV,
  });
}, 180_000);
afterAll(async () => {
  await store?.stop();
  await Promise.all([smtp?.stop(), cep?.stop()]);
});

describe("Configurações da loja", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });
  beforeEach(() => browser.page.setDefaultTimeout(WAIT.timeout));

  async function openSettings(): Promise<Page> {
    const { page } = browser;
    await openPanelAsStoreAdmin(page, store.url);
    // The panel's tab, always there: the dashboard's checklist goes once the store's data is saved.
    await page.getByRole("link", { name: "Configurações", exact: true }).click();
    await page.getByRole("heading", { name: "Configurações da loja" }).waitFor();
    return page;
  }

  async function saveContacts(page: Page, instagram: string) {
    const contacts = page.getByRole("region", { name: "Contatos e links" });
    await contacts.getByLabel("Instagram").fill(instagram);
    await contacts.getByRole("button", { name: "Salvar contatos e links" }).click();
    await toast(page, "Contatos e links salvos!").waitFor();
  }

  it("changes the store's name and colour, shown in the top bar and footer; an Instagram link appears, and goes once cleared", async () => {
    const page = await openSettings();
    const identity = page.getByRole("region", { name: "Identidade" });
    const colour = identity.getByLabel("Cor principal");

    // A colour too light for the buttons' white text is refused at its field, in the browser.
    await colour.fill("#ffff00");
    await identity.getByRole("button", { name: "Salvar identidade" }).click();
    await identity
      .getByText("Cor muito clara: o texto branco dos botões fica ilegível (contraste mínimo 4,5:1)")
      .waitFor();
    expect(await colour.getAttribute("aria-invalid")).toBe("true");

    await identity.getByLabel("Nome da loja").fill("Loja da Ana");
    await colour.fill("#7a1f5c");
    await identity.getByRole("button", { name: "Salvar identidade" }).click();
    await toast(page, "Identidade da loja salva!").waitFor();
    await saveContacts(page, INSTAGRAM);

    await page.goto(`${store.url}/`);
    expect(await textOf(page.getByRole("banner"))).toContain("Loja da Ana");
    const footer = page.getByRole("contentinfo");
    expect(await textOf(footer)).toContain("Loja da Ana");
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--color-brand-600").trim(),
      ),
    ).toBe("#7a1f5c");
    const instagramLink = footer.locator(`a[href="${INSTAGRAM}"]`);
    expect(await instagramLink.count()).toBe(1);

    await page.goto(`${store.url}/admin/settings`);
    await saveContacts(page, "");
    await page.goto(`${store.url}/`);
    await footer.waitFor();
    expect(await instagramLink.count()).toBe(0);
    // Two saves of each kind and four pages: more than the suite's 30 s on a busy machine.
  }, 60_000);

  it("shows the owner's logo, legal details and returns policy on the storefront, in the receipt and in the order e-mail", async () => {
    const page = await openSettings();
    const identity = page.getByRole("region", { name: "Identidade" });
    await identity.getByLabel("Nome da loja").fill("Eletrônicos do Zé");
    await identity.getByRole("button", { name: "Salvar identidade" }).click();
    await toast(page, "Identidade da loja salva!").waitFor();

    const logo = page.getByRole("region", { name: "Logo" });
    await logo.getByLabel(/^Logo/).setInputFiles(path.resolve(import.meta.dirname, "../fixtures/avatar.png"));
    await logo.getByRole("button", { name: "Enviar logo" }).click();
    await toast(page, "Logo salvo!").waitFor();

    const legal = page.getByRole("region", { name: "Dados legais" });
    await legal.getByLabel("Razão social").fill("Zé Eletrônicos Comércio Ltda.");
    await legal.getByLabel("CNPJ").fill("11.444.777/0001-61");
    await legal.getByLabel("CEP").fill("01310-100");
    await expect.poll(() => legal.getByLabel("Rua").inputValue()).toBe("Avenida Paulista");
    await legal.getByLabel("Número").fill("2000");
    await legal.getByRole("button", { name: "Salvar dados legais" }).click();
    await toast(page, "Dados legais salvos!").waitFor();

    const policies = page.getByRole("region", { name: "Políticas" });
    await policies
      .getByLabel("Trocas e devoluções")
      .fill("Troca em até **60 dias** pelo [SAC](mailto:sac@ze.example).\n\n<script>alert(1)</script>");
    await policies.getByRole("button", { name: "Salvar políticas" }).click();
    await toast(page, "Políticas salvas!").waitFor();

    const legalLine =
      "Zé Eletrônicos Comércio Ltda. · CNPJ 11.444.777/0001-61 · " +
      "Avenida Paulista, 2000 - Bela Vista, São Paulo/SP, CEP 01310-100";
    await page.goto(`${store.url}/`);
    const logoImage = page.getByRole("banner").getByRole("img", { name: "Eletrônicos do Zé" });
    expect(await logoImage.getAttribute("src")).toMatch(/^\/uploads\/store\/logo-[0-9a-f]+\.webp$/);
    expect(await logoImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await textOf(page.getByRole("contentinfo").locator("address"))).toBe(legalLine);

    await page.getByRole("contentinfo").getByRole("link", { name: "Trocas e devoluções" }).click();
    await page.getByRole("heading", { level: 1, name: "Trocas e devoluções" }).waitFor();
    expect(await textOf(page.locator("main"))).toContain(
      "Troca em até 60 dias pelo SAC. <script>alert(1)</script>",
    );
    expect(await page.locator("main strong").first().textContent()).toBe("60 dias");

    // A customer buys and pays: the order's e-mail and receipt speak for the owner's store.
    const panel = await panelOverHttp(store.url);
    const created = await panel.post(
      "/admin/products/new",
      productForm({
        intent: "create",
        name: "Fone Bluetooth",
        price: "199,90",
        category: "Áudio",
        stock: "3",
      }),
    );
    const productId = createdProductId(created)!;
    const customer = await signUpCustomer(store.url);
    const addressId = await addAddressOverHttp(store.url, customer);
    const checkout = await postCheckoutOverHttp(
      store.url,
      cookieHeader(customer),
      checkoutBody({ cpf: customer.cpf, addressId, email: customer.email }, [{ id: productId, quantity: 1 }]),
    );
    const { orderId } = (await checkout.json()) as { orderId: string };
    await payOverHttp(store.url, customer, orderId);

    const mail = await eventually(() =>
      smtp.messages.find(
        (message) =>
          message.to.includes(customer.email) && message.subject.startsWith("Pagamento confirmado"),
      ),
    );
    expect(mail.fromName).toBe("Eletrônicos do Zé");
    expect(mail.text).toContain("Fone Bluetooth");
    expect(mail.text).toContain("Zé Eletrônicos Comércio Ltda. · CNPJ 11.444.777/0001-61");

    const receipt = await fetch(`${store.url}/account/orders/${orderId}/receipt`, {
      headers: { cookie: cookieHeader(customer) },
    });
    const receiptText = readable((await receipt.text()).replace(/<[^>]+>/g, " "));
    expect(receiptText).toContain("Eletrônicos do Zé");
    expect(receiptText).toContain("Zé Eletrônicos Comércio Ltda.");
    expect(receiptText).toContain("11.444.777/0001-61");
    expect(receiptText).toContain("Avenida Paulista, 2000");
  }, 90_000);

  it("sets a PIX discount, refused out of range at its field, shown at once on the product page and charged at checkout", async () => {
    const panel = await panelOverHttp(store.url);
    const productId = createdProductId(
      await panel.post(
        "/admin/products/new",
        productForm({
          intent: "create",
          name: "Teclado Mecânico",
          price: "199,90",
          category: "Periféricos",
          stock: "5",
        }),
      ),
    )!;
    const page = await openSettings();
    const payment = page.getByRole("region", { name: "Preços e parcelamento" });
    const discount = payment.getByLabel("Desconto no PIX (%)");
    await discount.fill("60");
    await payment.getByRole("button", { name: "Salvar preços e parcelamento" }).click();
    await payment.getByText("O desconto no PIX deve ser de 0% a 50%").waitFor();
    expect(await discount.getAttribute("aria-invalid")).toBe("true");
    await discount.fill("5");
    await payment.getByRole("button", { name: "Salvar preços e parcelamento" }).click();
    await toast(page, "Preços e parcelamento salvos!").waitFor();

    await page.goto(`${store.url}/product/${productId}`);
    const main = page.getByRole("main");
    // R$ 199,90 less R$ 9,995, rounded half up to R$ 10,00.
    await main.getByText("à vista no PIX").waitFor();
    expect(await textOf(main)).toContain("ou R$ 189,90 à vista no PIX (5% de desconto)");
    // No card provider on this store: no instalments.
    expect(await textOf(main)).not.toContain("sem juros");

    // A customer's checkout: the dialog states the discount, the PIX code asks for the PIX total.
    // A name of letters only, as the dialog asks (the default test customer's has digits).
    const customer = await signUpCustomer(store.url, { name: "Maria Compradora" });
    await addAddressOverHttp(store.url, customer);
    await page.context().clearCookies();
    await signInContext(page.context(), store.url, customer);
    await page.goto(`${store.url}/product/${productId}`);
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await toast(page, "Produto adicionado ao carrinho").waitFor();
    await page.goto(`${store.url}/checkout`);
    await page.getByRole("button", { name: "Pagar com PIX" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar Dados do Pedido" });
    const conditions = dialog.getByRole("region", { name: "Condições da oferta" });
    await conditions.waitFor();
    expect(await textOf(conditions.getByRole("listitem"))).toContain(
      `Desconto PIX (5%): −${brl(1_000)} Total: ${brl(18_990)}`,
    );
    await dialog.getByRole("button", { name: "Confirmar e Pagar" }).click();
    await page.getByRole("heading", { level: 1, name: "Pagamento via PIX" }).waitFor();
    expect(await page.getByText(formatBRL(18_990), { exact: true }).isVisible()).toBe(true);
    expect(await textOf(page.getByText(/^Desconto PIX/))).toBe(`Desconto PIX (5%): −${brl(1_000)}`);
    const brCode = await page.getByLabel("Código PIX copia e cola").inputValue();
    expect(parseBrCode(brCode)["54"]).toBe("189.90");
  }, 90_000);

  it("on a phone, changes the warranty and free return the store promises, shown on the home, product and reseller pages", async () => {
    const panel = await panelOverHttp(store.url);
    const productId = createdProductId(
      await panel.post(
        "/admin/products/new",
        productForm({
          intent: "create",
          name: "Mouse Sem Fio",
          price: "89,90",
          category: "Periféricos",
          stock: "5",
        }),
      ),
    )!;
    const page = await openSettings();
    await page.setViewportSize({ width: 390, height: 844 });
    const promises = page.getByRole("region", { name: "Garantia, devolução e selo" });
    await promises.getByLabel("Garantia (meses)").fill("18");
    await promises.getByLabel("Devolução grátis (dias)").fill("60");
    await promises.getByRole("button", { name: "Salvar garantia e devolução" }).click();
    await toast(page, "Garantia e devolução salvas!").waitFor();

    await page.goto(store.url);
    expect(await textOf(page.getByRole("main").getByRole("listitem").filter({ hasText: "Garantia" }))).toBe(
      "Garantia de 18 meses Produtos originais com nota fiscal",
    );
    await page.goto(`${store.url}/product/${productId}`);
    const main = page.getByRole("main");
    await main.getByText("Garantia de 18 meses").waitFor();
    await main.getByText("Devolução grátis em até 60 dias").waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: "Revendedor Oficial" }).click();
    await page.getByText("Garantia de 18 meses e devolução grátis em até 60 dias.").waitFor();
    expect(await textOf(page.getByRole("main"))).not.toMatch(/12 meses|30 dias/);
  }, 90_000);

  it("asks before leaving with an edit not saved, and lets the owner go once it is saved", async () => {
    const page = await openSettings();
    const delivery = page.getByRole("region", { name: "Entrega" });
    const days = delivery.getByLabel("Prazo de entrega (dias úteis)");
    await days.fill("11");
    await page.getByRole("link", { name: "Pedidos", exact: true }).click();
    const ask = page.getByRole("dialog", { name: "Sair sem salvar?" });
    await ask.getByText("Há alterações nesta página que ainda não foram salvas.", { exact: false }).waitFor();
    await ask.getByRole("button", { name: "Continuar editando" }).click();
    await ask.waitFor({ state: "detached" });
    expect(await days.inputValue()).toBe("11");

    await delivery.getByRole("button", { name: "Salvar prazo de entrega" }).click();
    await toast(page, "Prazo de entrega salvo!").waitFor();
    await page.getByRole("link", { name: "Pedidos", exact: true }).click();
    await page.waitForURL(`${store.url}/admin/orders`);
    expect(await ask.count()).toBe(0);
  });

  it("fits a 360 px phone, every section's fields in the page's width", async () => {
    const page = await openSettings();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole("region", { name: "Entrega" }).waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
