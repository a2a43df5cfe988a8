import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartReminders, mailOutbox } from "../../app/db/schema.server";
import { loadDashboard } from "../../app/domain/admin/dashboard.server";
import { changeCart } from "../../app/domain/cart/server-cart.server";
import { CART_RESTORE_MESSAGES, queueCartReminders } from "../../app/domain/marketing/cart-reminders.server";
import { optOut } from "../../app/domain/marketing/marketing-consent.server";
import { orderMailStoreOf } from "../../app/domain/orders/order-mail-store.server";
import { formatBRL } from "../../app/lib/money";
import { action as settingsAction } from "../../app/routes/admin/settings";
import { adminRequest, signedInAdmin } from "../support/admin";
import { payInSandbox, postCheckout } from "../support/checkout";
import { createCoupon } from "../support/coupons";
import { createProduct } from "../support/factories";
import { checkoutBody } from "../support/orders";
import { setUpStoreHandler } from "../support/store-handler";
import { signUpBuyer, type Buyer } from "../support/test-context";

// Issue 55, point 2: the abandoned cart's e-mails, decided when they are sent, each step once per
// cart (also with two store processes at once: on both drivers), and the cart recovered through
// the e-mail's link on another device.

const store = setUpStoreHandler();
const HOUR_MS = 3_600_000;

const deps = () => ({
  db: store.database.db,
  env: store.context.env,
  store: orderMailStoreOf(store.database.db, store.context.env, store.url),
});

/** The reminders' job as it runs `hours` from now. */
const remindAfter = (hours: number) => queueCartReminders(deps(), new Date(Date.now() + hours * HOUR_MS));

/** A new customer with a product (R$ 199,90) in their cart. */
async function customerWithCart() {
  const buyer = await signUpBuyer(store);
  const product = await createProduct(store.database.db, { name: `Fone Abandonado ${buyer.id.slice(0, 6)}` });
  const added = await changeCart(store.database.db, buyer.id, { intent: "add", productId: product.id });
  expect(added).not.toHaveProperty("error");
  return { buyer, product };
}

/** The cart e-mails queued for the customer, oldest first. */
async function cartMailsTo(buyer: Buyer) {
  const reminders = await store.database.db
    .select({ id: cartReminders.id, step: cartReminders.step })
    .from(cartReminders)
    .where(eq(cartReminders.userId, buyer.id))
    .orderBy(cartReminders.id);
  const mails = await store.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, "cart-reminder:%"));
  return reminders.map((reminder) => ({
    step: reminder.step,
    mail: mails.find((mail) => mail.dedupeKey === `cart-reminder:${reminder.id}`)!,
  }));
}

const restoreLinkOf = (text: string) => /Voltar ao carrinho: (\S+)/.exec(text)![1]!;

describe("the abandoned cart's e-mails", () => {
  it("go an hour and a day after the cart's last change, each once, with the products at today's prices", async () => {
    const { buyer, product } = await customerWithCart();
    await remindAfter(0.5);
    expect(await cartMailsTo(buyer)).toEqual([]);

    // Two store processes at once send the first step once.
    await Promise.all([remindAfter(1.1), remindAfter(1.1)]);
    await remindAfter(2);
    const first = await cartMailsTo(buyer);
    expect(first).toHaveLength(1);
    expect(first[0]!.step).toBe(1);
    expect(first[0]!.mail.subject).toBe("Você deixou produtos no carrinho");
    expect(first[0]!.mail.text).toContain(`- ${product.name}: 1 x ${formatBRL(product.priceCents)}`);
    expect(first[0]!.mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    await Promise.all([remindAfter(25), remindAfter(25)]);
    await remindAfter(48);
    const both = await cartMailsTo(buyer);
    expect(both.map((sent) => sent.step)).toEqual([1, 2]);
    expect(both[1]!.mail.subject).toBe("Seus produtos ainda estão no carrinho");
  });

  it("are not sent once the customer placed an order after the cart's last change, or opted out", async () => {
    const ordered = await customerWithCart();
    const other = await createProduct(store.database.db);
    const placed = await postCheckout(
      store.context,
      ordered.buyer,
      checkoutBody(ordered.buyer, [{ id: other.id, quantity: 1 }]),
    );
    expect(placed).toMatchObject({ status: 200, success: true });
    const optedOut = await customerWithCart();
    await optOut(store.database.db, optedOut.buyer.id, "account");

    await remindAfter(30);
    expect(await cartMailsTo(ordered.buyer)).toEqual([]);
    expect(await cartMailsTo(optedOut.buyer)).toEqual([]);
  });

  it("restores the cart through its link on another device, and counts the order placed from it as recovered", async () => {
    const { buyer, product } = await customerWithCart();
    await remindAfter(1.1);
    const mail = (await cartMailsTo(buyer))[0]!.mail;
    const before = (await loadDashboard(store.database.db)).figures;

    // Another device, not signed in: to the sign-in, then the cart; the browser keeps the link.
    const followed = await fetch(restoreLinkOf(mail.text), { redirect: "manual" });
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get("Location")!, store.url);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("redirectTo")).toBe("/cart");
    expect(location.searchParams.get("motivo")).toBe(CART_RESTORE_MESSAGES.signIn);
    const recovery = followed.headers.get("Set-Cookie")!.split(";")[0]!;

    // Signed in on that device, the customer buys the cart.
    const placed = await postCheckout(
      store.context,
      { cookie: `${buyer.cookie}; ${recovery}` },
      checkoutBody(buyer, [{ id: product.id, quantity: 1 }]),
    );
    expect(placed).toMatchObject({ status: 200, success: true });
    await payInSandbox(store.context, buyer, placed.orderId!);
    const [reminder] = await store.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.userId, buyer.id));
    expect(reminder).toMatchObject({ recoveredOrderId: placed.orderId });

    const after = (await loadDashboard(store.database.db)).figures;
    expect(after.cartsReminded).toBe(before.cartsReminded);
    expect(after.cartsRecovered).toBe(before.cartsRecovered + 1);
    expect(after.recoveredRevenueCents - before.recoveredRevenueCents).toBeGreaterThan(0);
  });

  it("says an altered link is altered, and sets nothing", async () => {
    const { buyer } = await customerWithCart();
    await remindAfter(1.1);
    const mail = (await cartMailsTo(buyer))[0]!.mail;
    const link = restoreLinkOf(mail.text);
    const altered = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    const answer = await fetch(altered, { redirect: "manual" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(await answer.text()).toContain(CART_RESTORE_MESSAGES.altered);
  });
});

describe("the coupon of the cart's second e-mail", () => {
  async function saveReminders(form: Record<string, string>) {
    const admin = await signedInAdmin(store.context);
    return settingsAction({
      request: adminRequest(admin, "/admin/settings", {
        intent: "reminders",
        pixAfterMinutes: "10",
        boletoDaysBefore: "1",
        cartFirstHours: "1",
        cartSecondHours: "24",
        ...form,
      }),
      context: store.context,
      params: {},
    } as Parameters<typeof settingsAction>[0]);
  }

  it("is refused in the settings when no active coupon has the code", async () => {
    const inactive = await createCoupon(store.database.db, { active: false });
    for (const code of ["NAOEXISTE", inactive.code.toLowerCase()]) {
      expect(await saveReminders({ cartCouponCode: code })).toMatchObject({
        ok: false,
        errors: { cartCouponCode: "Nenhum cupom ativo e válido hoje com este código: crie-o em Cupons" },
      });
    }
  });

  it("is offered in the second e-mail only, and the e-mail's link applies it", async () => {
    const coupon = await createCoupon(store.database.db, { value: 1_500 });
    expect(await saveReminders({ cartCouponCode: ` ${coupon.code.toLowerCase()} ` })).toMatchObject({
      ok: true,
    });
    try {
      const { buyer } = await customerWithCart();
      await remindAfter(1.1);
      await remindAfter(25);
      const [first, second] = await cartMailsTo(buyer);
      expect(first!.mail.text).not.toContain(coupon.code);
      expect(second!.mail.text).toContain(`cupom ${coupon.code} (15%), já aplicado pelo link`);
      const followed = await fetch(restoreLinkOf(second!.mail.text), { redirect: "manual" });
      expect(followed.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(`^vitrine.cupom=${coupon.code};`),
      );
    } finally {
      expect(await saveReminders({ cartCouponCode: "" })).toMatchObject({ ok: true });
    }
  });
});
