import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders, profiles, users } from "../../app/db/schema.server";
import { signUpSchema } from "../../app/domain/accounts/account-schemas";
import { deleteAccount } from "../../app/domain/accounts/personal-data.server";
import { authCall } from "../../app/context.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import { createAddress, createProduct, stockOf } from "../support/factories";
import { setUpTestStore, requestWithCookies, TEST_BASE_URL } from "../support/test-context";

const store = setUpTestStore();

describe("account deletion (LGPD)", () => {
  it("needs the password, erases the person, cancels unpaid orders and anonymises paid ones", async () => {
    const input = signUpSchema.parse({
      userType: "PF",
      name: "Elisa Prado",
      cpf: "529.982.247-25",
      phone: "11987654321",
      email: "elisa@example.com",
      password: "segredo1",
    });
    const created = await signUp(
      store.context.db,
      store.context.logger,
      authCall(store.context, new Request(`${TEST_BASE_URL}/auth`)),
      input,
    );
    if (!created.ok) throw new Error(created.message);
    const [user] = await store.database.db.select().from(users).where(eq(users.email, "elisa@example.com"));
    const product = await createProduct(store.database.db, { stock: 5, priceCents: 10_000 });
    const address = await createAddress(store.database.db, user!.id);
    const order = (paid: boolean) => ({
      userId: user!.id,
      totalCents: 20_000,
      customerName: "Elisa Prado",
      customerEmail: "elisa@example.com",
      customerPhone: "11987654321",
      customerTaxId: "52998224725",
      shippingAddress: address,
      ...(paid
        ? { paymentStatus: "paid" as const, paidAt: new Date(), pixStatus: "COMPLETED" as const }
        : {}),
    });
    const [paid, pending] = await store.database.db
      .insert(orders)
      .values([order(true), order(false)])
      .returning();
    await store.database.db.insert(orderItems).values(
      [paid!, pending!].map((row) => ({
        orderId: row.id,
        productId: product.id,
        variantId: product.variantId,
        sku: product.sku,
        productName: product.name,
        productImage: product.image,
        quantity: 2,
        unitPriceCents: 10_000,
      })),
    );

    const call = authCall(store.context, requestWithCookies(created.headers));
    expect(
      await deleteAccount(store.context.db, store.context.storage, call, user!.id, "senha-errada"),
    ).toEqual({
      ok: false,
      message: "Senha incorreta",
    });
    expect(
      (await deleteAccount(store.context.db, store.context.storage, call, user!.id, "segredo1")).ok,
    ).toBe(true);

    expect(await store.database.db.select().from(users).where(eq(users.id, user!.id))).toEqual([]);
    expect(await store.database.db.select().from(profiles).where(eq(profiles.id, user!.id))).toEqual([]);
    const remaining = await store.database.db.select().from(orders);
    expect(remaining.map((row) => row.id)).toEqual([paid!.id]);
    expect(remaining[0]).toMatchObject({
      userId: null,
      customerName: "Cliente removido",
      customerTaxId: "",
      customerEmail: "",
    });
    expect(await stockOf(store.database.db, product.id)).toBe(7);
  });
});
