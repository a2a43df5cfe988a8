import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../app/lib/dates";
import { signInContext, signUpCustomer, type Customer } from "../support/accounts";
import { useBrowser, suiteStoreURL } from "../support/browser";
import { toast } from "../support/page-text";
import { enrolmentCode } from "../support/totp";

/**
 * WebAuthn needs a domain (an address like 127.0.0.1 cannot be a passkey's relying party), and the
 * store names itself http://localhost:PORT: these pages are opened there.
 */
const storeURL = suiteStoreURL().replace("//127.0.0.1:", "//localhost:");

/**
 * A real (virtual) authenticator in Chromium, through the DevTools WebAuthn domain: a platform
 * authenticator keeping discoverable credentials, whose user is verified (fingerprint, PIN).
 */
async function addVirtualAuthenticator(page: Page) {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("WebAuthn.enable");
  const { authenticatorId } = await devTools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await devTools.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    setUserVerified: (isUserVerified: boolean) =>
      devTools.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified }),
  };
}

describe("passkeys", () => {
  const browser = useBrowser({ baseURL: storeURL });

  async function signedIn(): Promise<Customer> {
    const customer = await signUpCustomer(browser.baseURL);
    await signInContext(browser.page.context(), storeURL, customer);
    return customer;
  }

  async function addPasskey(page: Page, name: string) {
    await page.goto("/account/settings");
    await page.getByLabel("Nome da passkey").fill(name);
    await page.getByRole("button", { name: "Adicionar passkey" }).click();
    await toast(page, "Passkey adicionada").waitFor();
  }

  async function signInWithPasskey(page: Page) {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Entrar com passkey" }).click();
  }

  it("adds a named passkey, signs in with it alone, and shows its last use", async () => {
    const { page } = browser;
    const authenticator = await addVirtualAuthenticator(page);
    const customer = await signedIn();
    await addPasskey(page, "Notebook de teste");
    const listed = page.getByRole("list", { name: "Suas passkeys" }).getByRole("listitem");
    await expect.poll(() => listed.allInnerTexts()).toEqual([expect.stringContaining("Notebook de teste")]);
    expect(await listed.innerText()).toContain(`Criada em ${formatDate(new Date())} · Nunca usada`);
    expect(await authenticator.credentials()).toHaveLength(1);

    await page.context().clearCookies();
    await signInWithPasskey(page);
    await page.getByRole("dialog", { name: "Bem-vindo de volta!" }).waitFor();
    await page.goto("/account");
    await expect.poll(() => page.getByText(`Olá, ${customer.name}!`).isVisible()).toBe(true);

    await page.goto("/account/settings");
    expect(await listed.innerText()).toMatch(
      new RegExp(`Último uso em ${formatDate(new Date()).replaceAll("/", "\\/")} às \\d{2}:\\d{2}`),
    );
  });

  it("removes a passkey only with the password, and the store then refuses it", async () => {
    const { page } = browser;
    await addVirtualAuthenticator(page);
    const customer = await signedIn();
    await addPasskey(page, "Notebook de teste");
    const listed = page.getByRole("list", { name: "Suas passkeys" }).getByRole("listitem");

    await page.getByRole("button", { name: "Remover a passkey Notebook de teste" }).click();
    const dialog = page.getByRole("dialog", { name: "Remover passkey" });
    await dialog.getByLabel("Senha").fill("senha-errada");
    await dialog.getByRole("button", { name: "Remover passkey" }).click();
    await expect.poll(() => dialog.getByText("Senha incorreta").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await page.reload();
    expect(await listed.count()).toBe(1);

    await page.getByRole("button", { name: "Remover a passkey Notebook de teste" }).click();
    expect(await dialog.getByText("Senha incorreta").count()).toBe(0);
    await dialog.getByLabel("Senha").fill(customer.password);
    await dialog.getByRole("button", { name: "Remover passkey" }).click();
    await toast(page, "Passkey removida").waitFor();
    await expect.poll(() => page.getByText("Nenhuma passkey cadastrada.").isVisible()).toBe(true);

    // The authenticator still holds the credential; the store no longer accepts it.
    await page.context().clearCookies();
    await signInWithPasskey(page);
    await expect
      .poll(() => page.getByText("Não foi possível entrar com a passkey", { exact: false }).isVisible())
      .toBe(true);
    await page.goto("/account");
    await page.waitForURL(/\/auth\?redirectTo=%2Faccount$/);
  });

  it("signs an account with two-factor in with its passkey alone, or with it instead of the code", async () => {
    const { page } = browser;
    await addVirtualAuthenticator(page);
    const customer = await signedIn();
    await page.goto("/account/settings");
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!;
    await page.getByLabel("Código do aplicativo").fill(enrolmentCode(secret));
    await page.getByRole("button", { name: "Confirmar e ativar" }).click();
    await toast(page, "Verificação em duas etapas ativada").waitFor();
    await addPasskey(page, "Celular");

    await page.context().clearCookies();
    await signInWithPasskey(page);
    await page.getByRole("dialog", { name: "Bem-vindo de volta!" }).waitFor();
    expect(await page.getByLabel("Código de verificação").count()).toBe(0);
    await page.goto("/account");
    await expect.poll(() => page.getByText(`Olá, ${customer.name}!`).isVisible()).toBe(true);

    // After the password, the passkey instead of the code.
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByLabel("Código de verificação").waitFor();
    await page.getByRole("button", { name: "Usar passkey" }).click();
    await page.getByRole("dialog", { name: /^Bem-vindo de volta/ }).waitFor();
  }, 60_000);

  it("says the operation was cancelled when the person is not verified on the device, and signs nobody in", async () => {
    const { page } = browser;
    const authenticator = await addVirtualAuthenticator(page);
    await signedIn();
    await addPasskey(page, "Tablet");
    await page.context().clearCookies();
    await authenticator.setUserVerified(false);
    await signInWithPasskey(page);
    await expect.poll(() => page.getByText("Operação cancelada").isVisible()).toBe(true);
    await page.goto("/account");
    await page.waitForURL(/\/auth\?redirectTo=%2Faccount$/);
  });
});
