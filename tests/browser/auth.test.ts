import { describe, expect, it } from "vitest";
import {
  cookieHeader,
  randomAlphanumericCnpj,
  randomCnpj,
  randomCpf,
  signInContext,
  signUpCustomer,
} from "../support/accounts";
import { useBrowser } from "../support/browser";
import { RESET_REQUESTED } from "../../app/domain/accounts/password-reset-messages";

describe("sign-up and sign-in", () => {
  const browser = useBrowser();

  it("signs up a PF customer with masks, welcomes them, and shows the account menu", async () => {
    const { page } = browser;
    const email = `pf-${Date.now()}@example.com`;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Nome completo").fill("Maria da Silva");
    const cpf = randomCpf();
    await page.getByLabel("CPF").pressSequentially(cpf);
    expect(await page.getByLabel("CPF").inputValue()).toBe(
      `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    );
    await page.getByLabel("Telefone").pressSequentially("11987654321");
    expect(await page.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Cadastrar" }).click();

    const welcome = page.getByRole("dialog", { name: "Bem-vindo!" });
    await welcome.waitFor();
    await expect.poll(() => page.getByText("Cadastro realizado com sucesso!").isVisible()).toBe(true);
    await welcome.getByRole("link", { name: "Voltar para página inicial" }).click();
    await page.waitForURL(browser.baseURL + "/");
    await page.getByRole("button", { name: "Menu da conta de Maria da Silva" }).click();
    const menu = page.getByRole("menu");
    await menu.getByText(email).waitFor();
    await menu.getByRole("menuitem", { name: "Minha Conta" }).click();
    await page.waitForURL(/\/account$/);
    await expect.poll(() => page.getByText("Olá, Maria da Silva!").isVisible()).toBe(true);
  });

  it("shows validation messages at the fields and creates nothing", async () => {
    const { page } = browser;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Nome completo").fill("Jo");
    await page.getByLabel("CPF").fill("111.111.111-11");
    await page.getByLabel("Telefone").fill("1234");
    await page.getByLabel("E-mail").fill("nao-e-email");
    await page.getByLabel("Senha", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    for (const message of [
      "Nome deve ter no mínimo 3 caracteres",
      "CPF inválido",
      "Telefone inválido (deve ter 10 ou 11 dígitos)",
      "E-mail inválido",
      "A senha deve ter pelo menos 6 caracteres",
    ]) {
      await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
    }
    expect(await page.getByLabel("CPF").getAttribute("aria-invalid")).toBe("true");
  });

  it("holds a company's sign-up until its website is given, then continues it", async () => {
    const { page } = browser;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Pessoa Jurídica").check();
    await page.getByLabel("Razão social").fill("Loja Exemplo Ltda");
    await page.getByLabel("CNPJ").fill("11222333000181");
    await page.getByLabel("Telefone").fill("1133334444");
    await page.getByLabel("E-mail").fill(`pj-${Date.now()}@example.com`);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Cadastrar" }).click();

    const dialog = page.getByRole("dialog", { name: "Site da Empresa Obrigatório" });
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: /WhatsApp/ }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\//,
    );
    await dialog.getByLabel("Site da empresa").fill("não é url");
    await dialog.getByRole("button", { name: "Continuar cadastro" }).click();
    await expect.poll(() => dialog.getByText("Informe uma URL válida").isVisible()).toBe(true);
    await dialog.getByLabel("Site da empresa").fill("lojaexemplo.com.br");
    await dialog.getByRole("button", { name: "Continuar cadastro" }).click();
    await page.getByRole("dialog", { name: "Bem-vindo!" }).waitFor();
  });

  it("checks a company's whole form before asking for its website, and keeps the website after a refusal", async () => {
    const { page, baseURL } = browser;
    const existing = await signUpCustomer(baseURL);
    const cnpj = randomCnpj();
    const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + 1) % 10);
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Pessoa Jurídica").check();
    await page.getByLabel("Razão social").fill("Loja Revisada Ltda");
    await page.getByLabel("CNPJ").fill(wrong);
    await page.getByLabel("Telefone").fill("1133334444");
    await page.getByLabel("E-mail").fill(existing.email);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect.poll(() => page.getByText("CNPJ inválido", { exact: true }).isVisible()).toBe(true);
    const websiteDialog = page.getByRole("dialog", { name: "Site da Empresa Obrigatório" });
    expect(await websiteDialog.count()).toBe(0);

    await page.getByLabel("CNPJ").fill(cnpj);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await websiteDialog.getByLabel("Site da empresa").fill("lojarevisada.com.br");
    await websiteDialog.getByRole("button", { name: "Continuar cadastro" }).click();
    await expect.poll(() => page.getByText("Este e-mail já está cadastrado").isVisible()).toBe(true);
    expect(await websiteDialog.count()).toBe(0);
    expect(await page.getByLabel("Site da empresa").inputValue()).toContain("lojarevisada.com.br");
  });

  it("takes a company's alphanumeric CNPJ typed in lower case, shows it upper case, refuses a wrong check digit", async () => {
    const { page } = browser;
    const cnpj = randomAlphanumericCnpj();
    const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + 1) % 10);
    const masked = (value: string) =>
      `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Pessoa Jurídica").check();
    await page.getByLabel("Razão social").fill("Loja Alfanumérica Ltda");
    const field = page.getByLabel("CNPJ");
    await field.pressSequentially(wrong.toLowerCase());
    expect(await field.inputValue()).toBe(masked(wrong));
    await page.getByLabel("Site da empresa").fill("lojaalfa.com.br");
    await page.getByLabel("Telefone").fill("1133334444");
    await page.getByLabel("E-mail").fill(`pj-alfa-${Date.now()}@example.com`);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect.poll(() => page.getByText("CNPJ inválido", { exact: true }).isVisible()).toBe(true);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("dialog", { name: "Bem-vindo!" }).count()).toBe(0);

    await field.fill(masked(cnpj).toLowerCase());
    expect(await field.inputValue()).toBe(masked(cnpj));
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await page.getByRole("dialog", { name: "Bem-vindo!" }).waitFor();
    await page.goto("/account");
    await expect.poll(() => page.getByText(masked(cnpj), { exact: true }).isVisible()).toBe(true);
  });

  it("opens the WhatsApp request for a company without a website", async () => {
    const { page } = browser;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Pessoa Jurídica").check();
    await page.getByRole("button", { name: "Não tem um site? Solicite um conosco!" }).click();
    const dialog = page.getByRole("dialog", { name: "Solicite um site" });
    await dialog.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    await expect.poll(() => dialog.getByText("Por favor, preencha todos os campos").isVisible()).toBe(true);
    await dialog.getByLabel("Nome").fill("Ana");
    await dialog.getByLabel("E-mail").fill("ana@example.com");
    await dialog.getByLabel("Mensagem").fill("Quero um site para minha loja");
    // No internet here: WhatsApp's page is answered locally; the link is what matters.
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
    const popup = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    const whatsapp = await popup;
    expect(whatsapp.url()).toContain("wa.me/5511999999999");
    expect(decodeURIComponent(whatsapp.url())).toContain("Quero um site para minha loja");
    await whatsapp.close();
    await expect.poll(() => page.getByText("Redirecionando para o WhatsApp...").isVisible()).toBe(true);
  });

  it("refuses a taken e-mail with a clear message", async () => {
    const { page, baseURL } = browser;
    const existing = await signUpCustomer(baseURL);
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Cadastro" }).click();
    await page.getByLabel("Nome completo").fill("Outra Pessoa");
    await page.getByLabel("CPF").fill(randomCpf());
    await page.getByLabel("Telefone").fill("11987654321");
    await page.getByLabel("E-mail").fill(existing.email);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect.poll(() => page.getByText("Este e-mail já está cadastrado").isVisible()).toBe(true);
  });

  it("signs in with the password toggle, and gives the same answer for any wrong credential", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await page.goto("/auth");
    const password = page.getByLabel("Senha", { exact: true });
    await password.fill("errada");
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect.poll(() => page.getByText("E-mail ou senha incorretos").isVisible()).toBe(true);

    await password.fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.getByRole("dialog", { name: "Bem-vindo de volta, Cliente!" }).waitFor();
    await expect.poll(() => page.getByText("Login realizado com sucesso!").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Ir para sua conta" }).click();
    await page.waitForURL(/\/account$/);
  });

  it("offers 'Esqueci minha senha' on the Login tab, with the same answer for any address", async () => {
    const { page } = browser;
    await page.goto("/auth");
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await page.getByRole("heading", { level: 1, name: "Esqueci minha senha" }).waitFor();
    await page.getByLabel("E-mail").fill(`ninguem-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await page.getByRole("status").filter({ hasText: RESET_REQUESTED }).waitFor();
  });

  it("honours a same-site redirect target and ignores another site's", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    for (const [target, expected] of [
      ["/account/reviews", "/account/reviews"],
      ["//evil.example/account", "/account"],
    ]) {
      await page.context().clearCookies();
      await page.goto(`/auth?redirectTo=${encodeURIComponent(target!)}`);
      await page.getByLabel("E-mail").fill(customer.email);
      await page.getByLabel("Senha", { exact: true }).fill(customer.password);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await page.waitForURL(`${baseURL}${expected}`);
    }
  });
});

describe("sessions", () => {
  const browser = useBrowser();

  it("sends a visitor from the account area to /auth, and back after signing in", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await page.goto("/account/reviews");
    await page.waitForURL(/\/auth\?redirectTo=%2Faccount%2Freviews$/);
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(/\/account\/reviews$/);
  });

  it("keeps the session HttpOnly and SameSite=Lax, and ends it on the server at sign-out", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    const response = await fetch(`${baseURL}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: customer.email, password: customer.password }),
    });
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    await page.goto("/account");
    await page.waitForLoadState("networkidle"); // the menu is interactive once its code has loaded
    await page.getByRole("button", { name: /Menu da conta/ }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL(/\/auth$/);
    await expect.poll(() => page.getByText("Logout realizado com sucesso").isVisible()).toBe(true);

    // The old cookie no longer opens the account: the session ended on the server.
    const cookie = cookieHeader(customer);
    const reused = await fetch(`${baseURL}/account`, { headers: { cookie }, redirect: "manual" });
    expect(reused.status).toBe(302);
    expect(reused.headers.get("location")).toMatch(/^\/auth/);
  });

  it("fetches the account menu when the customer first reaches for it, and opens it by keyboard", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    const menuCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/user-menu-[\w-]{8}\.js$/.test(request.url())) menuCode.push(request.url());
    });

    await page.goto("/account");
    await page.waitForLoadState("networkidle");
    expect(menuCode).toEqual([]);

    const button = page.getByRole("button", { name: /Menu da conta/ });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menuitem", { name: "Minha Conta" }).waitFor();
    expect(menuCode).toHaveLength(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toMatch(/^Menu da conta/);

    await button.click();
    await page.getByRole("menuitem", { name: "Sair" }).waitFor();
  });

  it("checks the session again when the tab becomes visible", async () => {
    const { page, baseURL } = browser;
    const customer = await signUpCustomer(baseURL);
    await signInContext(page.context(), baseURL, customer);
    await page.goto("/account/reviews");
    await page.waitForLoadState("networkidle");
    // The session ends elsewhere (another tab signs out).
    await fetch(`${baseURL}/auth/logout`, {
      method: "POST",
      headers: { cookie: cookieHeader(customer) },
    });
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForURL(/\/auth\?redirectTo=%2Faccount%2Freviews$/);
  });

  it("refuses a write from another site", async () => {
    const { baseURL } = browser;
    const response = await fetch(`${baseURL}/auth`, {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "login", email: "a@b.com", password: "x" }),
    });
    expect(response.status).toBe(403);
  });
});
