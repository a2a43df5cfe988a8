import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authCall, type ServerContext } from "../../app/context.server";
import { mailOutbox, verifications } from "../../app/db/schema.server";
import { INVALID_RESET_LINK, RESET_REQUESTED } from "../../app/domain/accounts/password-reset-messages";
import { readSession } from "../../app/domain/accounts/session.server";
import { signIn } from "../../app/domain/accounts/sign-in.server";
import { action as forgotPassword } from "../../app/routes/auth.forgot-password";
import {
  action as resetPasswordAction,
  loader as resetPasswordPage,
} from "../../app/routes/auth.reset-password";
import { signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { eventually } from "../support/eventually";
import { setUpStartedStoreWithSmtp } from "../support/started-store";
import {
  nextClientIp,
  requestWithCookies,
  setUpTestStore,
  signUpInStore,
  TEST_BASE_URL,
} from "../support/test-context";

// 'Esqueci minha senha' (issue 13): the forms' actions on a test database, then the whole path over
// HTTP on a started store that sends its e-mail to a real SMTP server on loopback.

const PASSWORD = "senha-antiga-1";
const NEW_PASSWORD = "senha-nova-22";
const RESET_SUBJECT = "Redefina sua senha da Vitrine";

describe("password reset, through the forms' actions", () => {
  const store = setUpTestStore();

  const customer = () => signUpInStore(store, { password: PASSWORD });

  function asClient(clientIp = nextClientIp()): ServerContext {
    return { ...store.context, clientIp };
  }

  async function askForLink(email: string, context = asClient()) {
    const request = new Request(`${TEST_BASE_URL}/auth/forgot-password`, {
      method: "POST",
      body: new URLSearchParams({ email }),
    });
    return forgotPassword({ request, context, params: {} } as never);
  }

  /** The reset e-mails queued for an address (a new account also gets its confirmation link). */
  async function mailsTo(email: string) {
    return store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.subject, RESET_SUBJECT)));
  }

  /** The token of the last link sent to the address, read from the e-mail as the customer would. */
  async function linkTokenFor(email: string): Promise<string> {
    const mails = await mailsTo(email);
    const link = /https?:\/\/\S+\/auth\/reset-password\?token=(\S+)/.exec(mails.at(-1)!.text);
    return decodeURIComponent(link![1]!);
  }

  async function openLink(token: string) {
    const request = new Request(`${TEST_BASE_URL}/auth/reset-password?token=${encodeURIComponent(token)}`);
    return resetPasswordPage({ request, context: store.context, params: {} } as never);
  }

  async function setPassword(token: string, password: string) {
    const request = new Request(`${TEST_BASE_URL}/auth/reset-password?token=${encodeURIComponent(token)}`, {
      method: "POST",
      body: new URLSearchParams({ token, password }),
    });
    return resetPasswordAction({ request, context: asClient(), params: {} } as never);
  }

  const signInWith = (email: string, password: string) =>
    signIn(authCall(asClient(), new Request(`${TEST_BASE_URL}/auth`)), email, password);

  it("answers the same for an address with and without an account, and mails only the account", async () => {
    const { email } = await customer();
    const unknown = `ninguem-${randomUUID()}@example.com`;

    expect(await askForLink(email)).toEqual({ sent: RESET_REQUESTED });
    expect(await askForLink(unknown)).toEqual({ sent: RESET_REQUESTED });

    expect(await mailsTo(unknown)).toEqual([]);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: "Redefina sua senha da Vitrine", status: "pending" });
    expect(mail!.text).toContain("Ele vale por 1 hora e pode ser usado uma única vez.");
    expect(mail!.html).toContain(">Criar nova senha</a>");
  });

  it("sets the new password once, ends every session, and refuses the link afterwards", async () => {
    const { email, headers } = await customer();
    await askForLink(email);
    const token = await linkTokenFor(email);
    expect(await openLink(token)).toEqual({ token, valid: true });

    expect(await setPassword(token, NEW_PASSWORD)).toEqual({ done: true });

    expect((await readSession(store.context, requestWithCookies(headers))).user).toBeNull();
    expect(await signInWith(email, PASSWORD)).toEqual({ ok: false, message: "E-mail ou senha incorretos" });
    expect(await signInWith(email, NEW_PASSWORD)).toMatchObject({ ok: true });

    expect(await openLink(token)).toEqual({ token, valid: false });
    expect(await setPassword(token, "outra-senha-3")).toEqual({ message: INVALID_RESET_LINK });
    expect(await signInWith(email, NEW_PASSWORD)).toMatchObject({ ok: true });
  });

  it("refuses an expired or altered link and changes nothing", async () => {
    const { email } = await customer();
    await askForLink(email);
    const token = await linkTokenFor(email);
    const altered = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    expect(await openLink(altered)).toEqual({ token: altered, valid: false });
    expect(await setPassword(altered, NEW_PASSWORD)).toEqual({ message: INVALID_RESET_LINK });

    await store.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(await openLink(token)).toEqual({ token, valid: false });
    expect(await setPassword(token, NEW_PASSWORD)).toEqual({ message: INVALID_RESET_LINK });

    expect(await signInWith(email, PASSWORD)).toMatchObject({ ok: true });
  });

  it("holds the new password to the sign-up rules", async () => {
    const { email } = await customer();
    await askForLink(email);
    const token = await linkTokenFor(email);
    expect(await setPassword(token, "12345")).toEqual({
      errors: { password: "A senha deve ter pelo menos 6 caracteres" },
    });
    expect(await setPassword(token, "x".repeat(129))).toEqual({
      errors: { password: "A senha deve ter no máximo 128 caracteres" },
    });
    expect(await openLink(token)).toEqual({ token, valid: true });
    expect(await signInWith(email, PASSWORD)).toMatchObject({ ok: true });
  });

  it("answers a malformed address next to the field, and mails nothing", async () => {
    expect(await askForLink("nao-e-email")).toEqual({ errors: { email: "E-mail inválido" } });
    expect(await mailsTo("nao-e-email")).toEqual([]);
  });

  it("sends at most 3 links an hour to one address, whoever asks", async () => {
    const { email } = await customer();
    for (let sent = 0; sent < 3; sent++) expect(await askForLink(email)).toEqual({ sent: RESET_REQUESTED });
    expect(await askForLink(email)).toEqual({
      message: "Muitos pedidos de redefinição. Aguarde alguns minutos e tente novamente.",
    });
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it("takes at most 5 requests in 15 minutes from one client, whatever the addresses", async () => {
    const client = asClient();
    for (let asked = 0; asked < 5; asked++) {
      expect(await askForLink(`sem-conta-${randomUUID()}@example.com`, client)).toEqual({
        sent: RESET_REQUESTED,
      });
    }
    const { email } = await customer();
    expect(await askForLink(email, client)).toEqual({
      message: "Muitos pedidos de redefinição. Aguarde alguns minutos e tente novamente.",
    });
    expect(await mailsTo(email)).toEqual([]);
    expect(
      await store.database.db.select().from(mailOutbox).where(like(mailOutbox.recipient, "sem-conta-%")),
    ).toEqual([]);
  });
});

describe("password reset over HTTP, with the e-mail through SMTP", () => {
  const started = setUpStartedStoreWithSmtp("ajuda@loja.example");

  async function post(path: string, form: Record<string, string>) {
    const response = await fetch(`${started.store.url}${path}`, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { "X-Forwarded-For": randomClientIp() },
    });
    return { status: response.status, html: await response.text() };
  }

  it("mails a link that opens the store's page and sets the password; the token never reaches the logs", async () => {
    const customer = await signUpCustomer(started.store.url);
    const asked = await post("/auth/forgot-password", { email: customer.email });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(RESET_REQUESTED);

    const mail = await started.received(customer.email, RESET_SUBJECT);
    expect(mail.text).toContain("ajuda@loja.example");
    expect(mail.html).toContain("mailto:ajuda@loja.example");
    const link = new URL(/(http\S+\/auth\/reset-password\?token=\S+)/.exec(mail.text)![1]!);
    // The store's own page (its public origin names the host as localhost), not the auth library's.
    expect(link.port).toBe(new URL(started.store.url).port);
    expect(link.pathname).toBe("/auth/reset-password");
    const token = link.searchParams.get("token")!;

    const page = await fetch(`${started.store.url}${link.pathname}${link.search}`, {
      headers: { "X-Forwarded-For": randomClientIp() },
    });
    const pageHtml = await page.text();
    expect(pageHtml).toContain("Criar nova senha");
    expect(pageHtml).toContain('name="password"');

    const reset = await post(`/auth/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.html).toContain("Senha redefinida com sucesso! Entre com a nova senha.");
    const spent = await fetch(`${started.store.url}${link.pathname}${link.search}`, {
      headers: { "X-Forwarded-For": randomClientIp() },
    });
    expect(await spent.text()).toContain(INVALID_RESET_LINK);

    const signedIn = await post("/auth", { intent: "login", email: customer.email, password: NEW_PASSWORD });
    expect(signedIn.html).not.toContain("E-mail ou senha incorretos");
    await eventually(() => started.store.output().includes("/auth/reset-password") || undefined);
    expect(started.store.output()).not.toContain(token);
  });
});
