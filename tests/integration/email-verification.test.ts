import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authCall } from "../../app/context.server";
import { mailOutbox, profiles, users } from "../../app/db/schema.server";
import { INVALID_CONFIRMATION_LINK } from "../../app/domain/accounts/email-verification.server";
import { signIn } from "../../app/domain/accounts/sign-in.server";
import { loader as accountLayout } from "../../app/routes/account/layout";
import { action as profileAction } from "../../app/routes/account/profile";
import { action as resendLink, loader as openConfirmationLink } from "../../app/routes/auth.verify-email";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { setUpStartedStoreWithSmtp } from "../support/started-store";
import { nextClientIp, setUpTestStore, signUpInStore, TEST_BASE_URL } from "../support/test-context";

// E-mail confirmation (issue 13): the sign-up's link, 'Reenviar e-mail' in the account area, and an
// e-mail change that waits for the new address, through the routes' loaders and actions.

const store = setUpTestStore();
const PASSWORD = "senha-segura-1";

/** What a loader or action answered, whether plain or wrapped by data() to set cookies. */
function answered<T>(result: T): T extends { data: infer D; init: unknown } ? D : T {
  return (
    typeof result === "object" && result !== null && "data" in result && "init" in result
      ? result.data
      : result
  ) as never;
}

async function mailsTo(email: string) {
  return store.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
}

/** The token of the last confirmation link sent to an address, read from the e-mail's text. */
async function lastLinkTo(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = /https?:\/\/\S+\/auth\/verify-email\?token=(\S+)/.exec(mails.at(-1)?.text ?? "");
  if (!link) throw new Error(`nenhum link de confirmação para ${email}`);
  return decodeURIComponent(link[1]!);
}

async function openLink(token: string, cookie?: string) {
  const request = new Request(`${TEST_BASE_URL}/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: cookie ? { cookie } : {},
  });
  return answered(await openConfirmationLink({ request, context: store.context, params: {} } as never));
}

async function resend(cookie: string) {
  const request = new Request(`${TEST_BASE_URL}/auth/verify-email`, { method: "POST", headers: { cookie } });
  return resendLink({ request, context: store.context, params: {} } as never);
}

/** What the account area shows about the address: the layout's loader, as the page gets it. */
async function accountArea(cookie: string) {
  const request = new Request(`${TEST_BASE_URL}/account`, { headers: { cookie } });
  return answered(await accountLayout({ request, context: store.context, params: {} } as never)).user;
}

async function stored(userId: string) {
  const [user] = await store.database.db
    .select({ email: users.email, emailVerified: users.emailVerified, profileEmail: profiles.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return user;
}

async function requestEmailChange(cookie: string, email: string, currentPassword = PASSWORD) {
  const request = new Request(`${TEST_BASE_URL}/account/profile`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "update",
      fullName: "Maria Compradora",
      phone: "11987654321",
      email,
      currentPassword,
    }),
  });
  return profileAction({ request, context: store.context, params: {} } as never);
}

const signsIn = async (email: string) =>
  (
    await signIn(
      authCall({ ...store.context, clientIp: nextClientIp() }, new Request(`${TEST_BASE_URL}/auth`)),
      email,
      PASSWORD,
    )
  ).ok;

const customer = () => signUpInStore(store, { password: PASSWORD });

afterEach(() => {
  vi.useRealTimers();
});

describe("a new account's e-mail", () => {
  it("gets a confirmation link at sign-up, and the account area asks for it until it is opened", async () => {
    const { id, email, cookie } = await customer();
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: "Confirme seu e-mail na Vitrine", status: "pending" });
    expect(await accountArea(cookie)).toMatchObject({ email, emailVerified: false });

    expect(await openLink(await lastLinkTo(email))).toEqual({ ok: true, confirmed: "address" });
    expect(await stored(id)).toMatchObject({ emailVerified: true });
    expect(await accountArea(cookie)).toMatchObject({ emailVerified: true });
  });

  it("confirms from a browser that is not signed in, and a second opening changes nothing", async () => {
    const { id, email } = await customer();
    const token = await lastLinkTo(email);
    expect(await openLink(token)).toEqual({ ok: true, confirmed: "address" });
    expect(await openLink(token)).toEqual({ ok: true, confirmed: "address" });
    expect(await stored(id)).toMatchObject({ email, emailVerified: true });
  });

  it("refuses an altered link and one past its 24 hours, and the address stays unconfirmed", async () => {
    const { id, email } = await customer();
    const token = await lastLinkTo(email);
    const altered = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(await openLink(altered)).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    expect(await openLink("")).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 });
    try {
      expect(await openLink(token)).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    } finally {
      vi.useRealTimers();
    }
    expect(await stored(id)).toMatchObject({ emailVerified: false });
  });

  it("sends a new link with 'Reenviar e-mail', three links an hour at most", async () => {
    const { email, cookie } = await customer();
    expect(await resend(cookie)).toEqual({
      ok: true,
      message: `Enviamos um novo link de confirmação para ${email}.`,
    });
    expect(await mailsTo(email)).toHaveLength(2);
    await resend(cookie);
    expect(await resend(cookie)).toEqual({
      ok: false,
      message: "Muitos pedidos de confirmação. Aguarde alguns minutos e tente novamente.",
    });
    expect(await mailsTo(email)).toHaveLength(3);

    // Every link sent still confirms the address.
    expect(await openLink(await lastLinkTo(email))).toEqual({ ok: true, confirmed: "address" });
  });

  it("says when the address is already confirmed, and sends nothing", async () => {
    const { email, cookie } = await customer();
    await openLink(await lastLinkTo(email));
    expect(await resend(cookie)).toEqual({ ok: false, message: "Seu e-mail já está confirmado." });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("sends visitors to the login instead of sending a link", async () => {
    const refused = await resend("").catch((response: unknown) => response);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("changing the account's e-mail", () => {
  it("keeps the old address until the link sent to the new one is opened, then tells the old one", async () => {
    const { id, email, cookie } = await customer();
    const newEmail = `novo-${randomUUID()}@example.com`;

    expect(await requestEmailChange(cookie, newEmail)).toEqual({
      intent: "update",
      ok: true,
      message: `Enviamos um link de confirmação para ${newEmail}. O e-mail da conta muda quando você abrir o link.`,
    });
    expect(await stored(id)).toMatchObject({ email, profileEmail: email });
    expect(await signsIn(newEmail)).toBe(false);
    const [confirmation] = await mailsTo(newEmail);
    expect(confirmation).toMatchObject({ subject: "Confirme seu novo e-mail na Vitrine" });

    expect(await openLink(await lastLinkTo(newEmail), cookie)).toEqual({
      ok: true,
      confirmed: "change",
      email: newEmail,
    });
    expect(await stored(id)).toEqual({ email: newEmail, profileEmail: newEmail, emailVerified: true });
    expect(await signsIn(newEmail)).toBe(true);
    expect(await signsIn(email)).toBe(false);

    const notices = (await mailsTo(email)).filter((mail) => mail.subject.includes("foi alterado"));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`O e-mail da sua conta foi alterado para ${newEmail} em `);
  });

  it("uses a change link once: opened again, it changes nothing and tells nobody", async () => {
    const { id, email, cookie } = await customer();
    const newEmail = `novo-${randomUUID()}@example.com`;
    await requestEmailChange(cookie, newEmail);
    const token = await lastLinkTo(newEmail);
    await openLink(token);

    expect(await openLink(token)).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    expect(await stored(id)).toMatchObject({ email: newEmail });
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes("foi alterado"))).toHaveLength(1);
  });

  it("refuses a change link opened in another customer's session, and changes nothing", async () => {
    const owner = await customer();
    const other = await customer();
    const newEmail = `novo-${randomUUID()}@example.com`;
    await requestEmailChange(owner.cookie, newEmail);

    expect(await openLink(await lastLinkTo(newEmail), other.cookie)).toEqual({
      ok: false,
      message: "Este link é de outra conta. Saia da conta atual e abra o link de novo.",
    });
    expect(await stored(owner.id)).toMatchObject({ email: owner.email, profileEmail: owner.email });
    expect(await stored(other.id)).toMatchObject({ email: other.email });
  });

  it("refuses an address another account uses, and sends no link to it", async () => {
    const { id, email, cookie } = await customer();
    const taken = await customer();
    expect(await requestEmailChange(cookie, taken.email)).toMatchObject({
      ok: false,
      errors: { email: "Este e-mail já está cadastrado" },
    });
    expect(await mailsTo(taken.email)).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ email });
  });
});

describe("e-mail confirmation over HTTP, with the e-mails through SMTP", () => {
  const started = setUpStartedStoreWithSmtp("ajuda@loja.example");
  const { received } = started;

  /** Opens the link of an e-mail on the store, as the customer's browser would. */
  async function openMailedLink(text: string, cookie = "") {
    const link = new URL(/(http\S+\/auth\/verify-email\?token=\S+)/.exec(text)![1]!);
    expect(link.port).toBe(new URL(started.store.url).port);
    const page = await fetch(`${started.store.url}${link.pathname}${link.search}`, {
      headers: { cookie, "X-Forwarded-For": randomClientIp() },
    });
    return page.text();
  }

  it("mails a new account its link, which confirms the address on the store's page", async () => {
    const customer = await signUpCustomer(started.store.url);
    const mail = await received(customer.email, "Confirme seu e-mail na Vitrine");
    expect(mail.text).toContain("ajuda@loja.example");
    expect(await openMailedLink(mail.text)).toContain("E-mail confirmado! Obrigado.");
  });

  it("changes the address when the new one's link is opened, and mails the old one", async () => {
    const customer = await signUpCustomer(started.store.url);
    const cookie = cookieHeader(customer);
    const newEmail = `novo-${randomUUID()}@example.com`;
    const asked = await fetch(`${started.store.url}/account/profile`, {
      method: "POST",
      headers: { cookie, "X-Forwarded-For": randomClientIp() },
      body: new URLSearchParams({
        intent: "update",
        fullName: customer.name,
        phone: "11987654321",
        email: newEmail,
        currentPassword: customer.password,
      }),
    });
    expect(asked.status).toBe(200);

    const confirmation = await received(newEmail, "Confirme seu novo e-mail na Vitrine");
    expect(await openMailedLink(confirmation.text, cookie)).toContain(
      `E-mail alterado! Sua conta agora usa ${newEmail}.`,
    );
    const notice = await received(customer.email, "O e-mail da sua conta na Vitrine foi alterado");
    expect(notice.text).toContain(`O e-mail da sua conta foi alterado para ${newEmail} em `);
    expect(notice.html).toContain("mailto:ajuda@loja.example");
  });
});
