import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, coupons } from "../../app/db/schema.server";
import { action as editAction, loader as editLoader } from "../../app/routes/admin/coupon-edit";
import { action as newAction } from "../../app/routes/admin/coupon-new";
import { loader as listLoader } from "../../app/routes/admin/coupons";
import { loader as exportLoader } from "../../app/routes/admin/coupon-uses-export";
import { deleteCustomerOrder } from "../../app/domain/orders/delete-order.server";
import { postCheckout } from "../support/checkout";
import { checkoutBody } from "../support/orders";
import { adminRequest, signedInAdmin, type TestAdmin } from "../support/admin";
import { createProduct } from "../support/factories";
import { setUpTestStore, signUpBuyer, type Buyer } from "../support/test-context";

// Issue 53, point 1: the admin's 'Cupons' tab, through its routes' actions and loaders.

const store = setUpTestStore();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(store.context);
});

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

/** A code no other test uses: codes are unique in the whole store. */
const freshCode = () => `T${randomUUID().slice(0, 8).toUpperCase()}`;

async function createCoupon(form: Record<string, string>) {
  try {
    return await newAction({
      request: adminRequest(admin, "/admin/coupons/new", form),
      context: store.context,
      params: {},
    } as Args<typeof newAction>);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The id of the coupon a creation redirected to. */
async function createdId(form: Record<string, string>): Promise<number> {
  const answer = await createCoupon(form);
  if (!(answer instanceof Response)) throw new Error(JSON.stringify(answer));
  return Number(/\/admin\/coupons\/(\d+)$/.exec(answer.headers.get("Location") ?? "")![1]);
}

const editCoupon = (id: number, form: Record<string, string>) =>
  editAction({
    request: adminRequest(admin, `/admin/coupons/${id}`, form),
    context: store.context,
    params: { couponId: String(id) },
  } as Args<typeof editAction>);

const couponRow = async (id: number) =>
  (await store.database.db.select().from(coupons).where(eq(coupons.id, id)))[0];

describe("the admin's coupons", () => {
  it("creates a coupon from its form, lists it with its discount, validity and uses, and audits it", async () => {
    const product = await createProduct(store.database.db, { name: "Notebook Cupom" });
    const code = freshCode();
    const id = await createdId({
      code: ` ${code.toLowerCase()} `,
      kind: "percent",
      value: "10",
      startsOn: "2026-11-27",
      endsOn: "2026-11-30",
      minSubtotal: "300,00",
      maxUses: "100",
      maxUsesPerCustomer: "1",
      pixOnly: "on",
      onlyCategories: "Notebooks, Monitores",
      exceptProducts: String(product.id),
    });
    expect(await couponRow(id)).toMatchObject({
      code,
      kind: "percent",
      value: 1_000,
      active: true,
      // From São Paulo's midnight of the 27th to the end of the 30th (UTC−3).
      startsAt: new Date("2026-11-27T03:00:00Z"),
      endsAt: new Date("2026-12-01T03:00:00Z"),
      minSubtotalCents: 30_000,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      pixOnly: true,
      firstPurchaseOnly: false,
      onSaleItems: false,
      addsToPixDiscount: false,
      only: { productIds: [], categories: ["Notebooks", "Monitores"], brands: [] },
      except: { productIds: [product.id], categories: [], brands: [] },
    });
    const { coupons: listed } = await listLoader({
      request: adminRequest(admin, "/admin/coupons"),
      context: store.context,
      params: {},
    } as Args<typeof listLoader>);
    expect(listed.find((coupon) => coupon.id === id)).toEqual({
      id,
      code,
      value: "10%",
      validity: "de 27/11/2026 a 30/11/2026",
      uses: "0 de 100",
      discountGiven: "R$\u00a00,00",
      active: true,
    });
    // The edit page draws the form as it was typed.
    const { texts } = await editLoader({
      request: adminRequest(admin, `/admin/coupons/${id}`),
      context: store.context,
      params: { couponId: String(id) },
    } as Args<typeof editLoader>);
    expect(texts).toMatchObject({
      code,
      value: "10",
      startsOn: "2026-11-27",
      endsOn: "2026-11-30",
      minSubtotal: "300",
      onlyCategories: "Notebooks, Monitores",
      exceptProducts: String(product.id),
    });
    const [audit] = await store.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "coupon"), eq(adminAuditLog.targetId, String(id))));
    expect(audit).toMatchObject({ action: "coupon.create", adminEmail: admin.email, before: null });
  });

  it("refuses a bad field at the field, with what was typed, and creates nothing", async () => {
    const taken = freshCode();
    await createdId({ code: taken, kind: "fixed", value: "20,00" });
    const before = (await store.database.db.select({ id: coupons.id }).from(coupons)).length;
    const refusal = async (form: Record<string, string>) => {
      const answer = await createCoupon({ code: freshCode(), kind: "percent", value: "10", ...form });
      if (answer instanceof Response) throw new Error(`criou: ${answer.headers.get("Location")}`);
      return answer;
    };
    expect(await refusal({ code: "ab" })).toMatchObject({
      ok: false,
      errors: { code: "Use de 3 a 30 letras, números, - ou _" },
      posted: { code: "ab" },
    });
    expect((await refusal({ value: "150" })).errors).toEqual({
      value: "Informe a porcentagem de 0,01 a 100, ex.: 10 ou 7,5",
    });
    expect((await refusal({ kind: "fixed", value: "caro" })).errors).toEqual({
      value: "Informe o valor em reais, ex.: 20,00",
    });
    expect((await refusal({ startsOn: "2026-12-10", endsOn: "2026-12-01" })).errors).toEqual({
      endsOn: "O último dia deve ser o primeiro ou depois dele",
    });
    expect((await refusal({ maxUses: "0" })).errors).toEqual({
      maxUses: "Informe um número inteiro de 1 a 1.000.000, ou deixe em branco",
    });
    expect((await refusal({ onlyProducts: "999999999" })).errors).toEqual({
      onlyProducts: "Produto 999999999 não encontrado",
    });
    expect((await refusal({ code: taken.toLowerCase() })).errors).toEqual({
      code: `Já existe um cupom com o código ${taken}`,
    });
    expect((await store.database.db.select({ id: coupons.id }).from(coupons)).length).toBe(before);
  });

  it("saves a change, never a total limit below the uses made, and deactivates and activates it", async () => {
    const code = freshCode();
    const id = await createdId({ code, kind: "free_shipping", maxUses: "50" });
    expect(await editCoupon(id, { intent: "save", code, kind: "fixed", value: "15", maxUses: "40" })).toEqual(
      {
        ok: true,
        message: "Cupom salvo!",
      },
    );
    expect(await couponRow(id)).toMatchObject({ kind: "fixed", value: 1_500, maxUses: 40 });

    await store.database.db.update(coupons).set({ uses: 5 }).where(eq(coupons.id, id));
    expect(
      await editCoupon(id, { intent: "save", code, kind: "fixed", value: "15", maxUses: "3" }),
    ).toMatchObject({
      ok: false,
      message: "O limite não pode ser menor que os usos já feitos (5)",
      errors: { maxUses: "O limite não pode ser menor que os usos já feitos (5)" },
    });
    expect((await couponRow(id))!.maxUses).toBe(40);

    expect(await editCoupon(id, { intent: "deactivate" })).toEqual({ ok: true, message: "Cupom desativado" });
    expect((await couponRow(id))!.active).toBe(false);
    expect(await editCoupon(id, { intent: "activate" })).toEqual({ ok: true, message: "Cupom ativado" });
    expect((await couponRow(id))!.active).toBe(true);
    const actions = await store.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "coupon"), eq(adminAuditLog.targetId, String(id))));
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      "coupon.activate",
      "coupon.create",
      "coupon.deactivate",
      "coupon.update",
    ]);
  });

  it("shows each order placed with a coupon, the discount its standing uses gave, and exports them as CSV", async () => {
    const code = freshCode();
    const id = await createdId({ code, kind: "fixed", value: "10,00" });
    const product = await createProduct(store.database.db, { priceCents: 20_000 });
    const [kept, cancelled] = [await signUpBuyer(store), await signUpBuyer(store)];
    const order = async (buyer: Buyer) =>
      (
        await postCheckout(store.context, buyer, {
          ...checkoutBody(buyer, [{ id: product.id, variantId: product.variantId, quantity: 1 }]),
          coupon: { code, seenCents: 1_000 },
        })
      ).orderId!;
    const keptOrder = await order(kept);
    const cancelledOrder = await order(cancelled);
    await deleteCustomerOrder(store.database.db, cancelled.id, cancelledOrder);

    const page = await editLoader({
      request: adminRequest(admin, `/admin/coupons/${id}`),
      context: store.context,
      params: { couponId: String(id) },
    } as Args<typeof editLoader>);
    expect(page.summary).toBe("1 pedido com o cupom · R$\u00a010,00 de desconto");
    expect(
      page.uses.map(({ orderId, status, discount, released }) => ({ orderId, status, discount, released })),
    ).toEqual([
      {
        orderId: cancelledOrder,
        status: "cancelado",
        discount: "R$\u00a010,00",
        released: expect.stringMatching(/^Uso devolvido em /),
      },
      { orderId: keptOrder, status: "pendente", discount: "R$\u00a010,00", released: null },
    ]);
    const list = await listLoader({
      request: adminRequest(admin, "/admin/coupons"),
      context: store.context,
      params: {},
    } as Args<typeof listLoader>);
    expect(list.coupons.find((coupon) => coupon.code === code)).toMatchObject({
      uses: "1",
      discountGiven: "R$\u00a010,00",
    });

    const csv = await exportLoader({
      request: adminRequest(admin, `/admin/coupons/${id}/uses.csv`),
      context: store.context,
      params: { couponId: String(id) },
    } as Args<typeof exportLoader>);
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="cupom-${code}-usos.csv"`);
    const rows = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((row) => row.split(";"));
    expect(rows[0]).toEqual([
      "pedido",
      "data",
      "cliente",
      "cpf_cnpj",
      "status",
      "total",
      "desconto",
      "uso_devolvido_em",
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[3], row[4], row[5], row[6]])).toEqual([
      [cancelledOrder, cancelled.cpf, "cancelado", "190,00", "10,00"],
      [keptOrder, kept.cpf, "pendente", "190,00", "10,00"],
    ]);
  });
});
