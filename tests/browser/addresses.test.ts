import { describe, expect, it } from "vitest";
import { signInContext, signUpCustomer } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { FAILING_CEP } from "../support/fake-cep-server";

describe("addresses", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  async function openAddresses() {
    const { page, baseURL } = browser;
    await signInContext(page.context(), baseURL, await signUpCustomer(baseURL));
    await page.goto("/account/addresses");
    await page.waitForLoadState("networkidle");
  }

  it("creates an address with the CEP lookup, edits it, adds another as default and deletes", async () => {
    const { page } = browser;
    await openAddresses();
    expect(await page.getByText("Nenhum endereço cadastrado").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Novo endereço" }).click();
    const form = page.getByRole("dialog", { name: "Novo endereço" });
    await form.getByLabel("CEP").fill("01310100");
    expect(await form.getByLabel("CEP").inputValue()).toBe("01310-100");
    await form.getByLabel("Número").focus(); // leaving the CEP field looks it up
    await expect.poll(() => form.getByLabel("Rua").inputValue()).toBe("Avenida Paulista");
    expect(await form.getByLabel("Bairro").inputValue()).toBe("Bela Vista");
    expect(await form.getByLabel("Cidade").inputValue()).toBe("São Paulo");
    expect(await form.getByLabel("UF").inputValue()).toBe("SP");
    await form.getByLabel("Número").fill("1000");
    await form.getByRole("button", { name: "Salvar endereço" }).click();
    await expect.poll(() => page.getByText("Endereço adicionado com sucesso!").isVisible()).toBe(true);
    const paulista = page.getByRole("listitem", { name: "Avenida Paulista, 1000" });
    await expect.poll(() => paulista.getByText("Padrão", { exact: true }).isVisible()).toBe(true);

    await paulista.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("dialog", { name: "Editar endereço" });
    await edit.getByLabel("Complemento (opcional)").fill("Conjunto 42");
    await edit.getByRole("button", { name: "Salvar endereço" }).click();
    await expect.poll(() => page.getByText("Endereço atualizado com sucesso!").isVisible()).toBe(true);
    await expect.poll(() => paulista.getByText("Conjunto 42").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Novo endereço" }).click();
    const second = page.getByRole("dialog", { name: "Novo endereço" });
    await second.getByLabel("CEP").fill("20040002");
    await second.getByLabel("Número").focus();
    await expect.poll(() => second.getByLabel("Rua").inputValue()).toBe("Rua da Assembleia");
    await second.getByLabel("Número").fill("10");
    await second.getByLabel("Definir como endereço padrão").check();
    await second.getByRole("button", { name: "Salvar endereço" }).click();
    const rio = page.getByRole("listitem", { name: "Rua da Assembleia, 10" });
    await expect.poll(() => rio.getByText("Padrão", { exact: true }).isVisible()).toBe(true);
    expect(await paulista.getByText("Padrão", { exact: true }).count()).toBe(0);

    await paulista.getByRole("button", { name: "Tornar padrão" }).click();
    await expect.poll(() => paulista.getByText("Padrão", { exact: true }).isVisible()).toBe(true);

    await paulista.getByRole("button", { name: "Excluir" }).click();
    await page
      .getByRole("dialog", { name: "Excluir endereço" })
      .getByRole("button", { name: "Excluir" })
      .click();
    await expect.poll(() => page.getByText("Endereço removido com sucesso!").isVisible()).toBe(true);
    await expect.poll(() => paulista.count()).toBe(0);
    await expect.poll(() => rio.getByText("Padrão", { exact: true }).isVisible()).toBe(true);
  });

  it("says 'CEP não encontrado' for an unknown CEP and keeps the form usable by hand", async () => {
    const { page } = browser;
    await openAddresses();
    await page.getByRole("button", { name: "Novo endereço" }).click();
    const form = page.getByRole("dialog", { name: "Novo endereço" });
    await form.getByLabel("CEP").fill("00000000");
    await form.getByLabel("Rua").focus();
    await expect.poll(() => page.getByText("CEP não encontrado").isVisible()).toBe(true);
    await form.getByLabel("Rua").fill("Rua Nova");
    await form.getByLabel("Número").fill("5");
    await form.getByLabel("Bairro").fill("Centro");
    await form.getByLabel("Cidade").fill("Curitiba");
    await form.getByLabel("UF").selectOption("PR");
    await form.getByRole("button", { name: "Salvar endereço" }).click();
    await expect.poll(() => page.getByRole("listitem", { name: "Rua Nova, 5" }).isVisible()).toBe(true);
  });

  it("says the look-up failed when the CEP service does not answer, and the address is typed", async () => {
    const { page } = browser;
    // The store answers the look-up 503: the service did not answer it.
    browser.expectedConsoleErrors.push(/^Failed to load resource: .* status of 503 /);
    await openAddresses();
    await page.getByRole("button", { name: "Novo endereço" }).click();
    const form = page.getByRole("dialog", { name: "Novo endereço" });
    await form.getByLabel("CEP").fill(FAILING_CEP);
    await form.getByLabel("Rua").focus();
    await expect
      .poll(() => page.getByText("Não foi possível consultar o CEP agora: preencha o endereço").isVisible())
      .toBe(true);
    expect(await page.getByText("CEP não encontrado").count()).toBe(0);
    await form.getByLabel("Rua").fill("Rua Sem Consulta");
    await form.getByLabel("Número").fill("7");
    await form.getByLabel("Bairro").fill("Centro");
    await form.getByLabel("Cidade").fill("Recife");
    await form.getByLabel("UF").selectOption("PE");
    await form.getByRole("button", { name: "Salvar endereço" }).click();
    await expect
      .poll(() => page.getByRole("listitem", { name: "Rua Sem Consulta, 7" }).isVisible())
      .toBe(true);
  });

  it("shows the validation messages at the fields", async () => {
    const { page } = browser;
    await openAddresses();
    await page.getByRole("button", { name: "Novo endereço" }).click();
    const form = page.getByRole("dialog", { name: "Novo endereço" });
    await form.getByLabel("CEP").fill("123");
    await form.getByRole("button", { name: "Salvar endereço" }).click();
    for (const message of [
      "CEP inválido",
      "Informe a rua",
      "Informe o número",
      "Informe o bairro",
      "Informe a cidade",
      "UF inválida",
    ]) {
      await expect.poll(() => form.getByText(message).isVisible()).toBe(true);
    }
  });

  it("sends a visitor to sign in", async () => {
    const { page } = browser;
    await page.goto("/account/addresses");
    await page.waitForURL(/\/auth\?redirectTo=%2Faccount%2Faddresses$/);
  });
});
