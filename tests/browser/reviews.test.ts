import { beforeEach, describe, expect, it } from "vitest";
import { signInContext, signUpCustomer } from "../support/accounts";
import { deliverOverHttp } from "../support/admin-over-http";
import { useBrowser } from "../support/browser";
import { addAddressOverHttp, demoProduct, payOverHttp, placeOrderOverHttp } from "../support/orders";
import { textOf } from "../support/page-text";

// Issue 55, point 1: a customer reviews a delivered purchase from 'Produtos para Avaliar' on a phone.

/** Bought by this file alone. */
const TABLET = demoProduct("Tablet Lume Kids 8 32 GB");

describe("reviews in the account (issue 55)", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });
  beforeEach(() => browser.page.setDefaultTimeout(15_000));

  it("writes a review of a delivered purchase from 'Produtos para Avaliar', refused first without stars", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL, { name: "Renata Avalia" });
    const addressId = await addAddressOverHttp(baseURL, customer);
    const { orderId } = await placeOrderOverHttp(baseURL, customer, addressId, TABLET);
    await payOverHttp(baseURL, customer, orderId);
    await deliverOverHttp(baseURL, orderId);
    await signInContext(page.context(), baseURL, customer);

    await page.goto("/account/reviews");
    const toReview = page.getByRole("region", { name: "Produtos para Avaliar" });
    await toReview.getByRole("link", { name: `Avaliar ${TABLET.name}` }).click();
    const form = page.getByRole("region", { name: `Avaliar: ${TABLET.name}` });
    await form.getByLabel("Título").fill("Ótimo para as crianças");
    await form.getByLabel("Sua avaliação").fill("Resistente e a bateria dura o dia todo.");
    await form.getByRole("button", { name: "Enviar avaliação" }).click();
    // No stars chosen: the server says so at the field, and keeps what was typed.
    await form.getByText("Escolha de 1 a 5 estrelas").waitFor();
    expect(await form.getByLabel("Título").inputValue()).toBe("Ótimo para as crianças");

    await form.getByLabel("5 estrelas").check();
    await form.getByRole("button", { name: "Enviar avaliação" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Avaliação enviada! Ela aparece no produto depois de aprovada pela loja." })
      .waitFor();
    const mine = page.getByRole("listitem", { name: `Avaliação de ${TABLET.name}` });
    expect(await textOf(mine)).toContain("Aguardando aprovação");
    expect(await textOf(mine)).toContain("Ótimo para as crianças");
    expect(await mine.getByRole("img", { name: "5 de 5 estrelas" }).count()).toBe(1);
    expect(await toReview.getByText("Nenhum produto para avaliar no momento.").isVisible()).toBe(true);
  });
});
