import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { coupons, products } from "../../db/schema.server";
import type { Outcome } from "../../lib/outcome";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import type { CouponInput } from "./coupon-form";
import type { Coupon } from "./coupons";

/** A coupon as the admin's 'Cupons' tab lists and edits it. */
export interface AdminCoupon extends Coupon {
  id: number;
  /** The uses the orders placed with it reserved. */
  uses: number;
  createdAt: Date;
}

export const COUPON_ADMIN_MESSAGES = {
  created: "Cupom criado!",
  saved: "Cupom salvo!",
  activated: "Cupom ativado",
  deactivated: "Cupom desativado",
  notFound: "Cupom não encontrado",
  codeTaken: (code: string) => `Já existe um cupom com o código ${code}`,
  productMissing: (id: number) => `Produto ${id} não encontrado`,
  belowUses: (uses: number) => `O limite não pode ser menor que os usos já feitos (${uses})`,
} as const;

/** A refusal of the form: each field's message. */
export type CouponSaveOutcome = Outcome<{ id: number; message: string }, { errors: Record<string, string> }>;

const toAdminCoupon = (row: typeof coupons.$inferSelect): AdminCoupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  active: row.active,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  minSubtotalCents: row.minSubtotalCents,
  maxUses: row.maxUses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
  firstPurchaseOnly: row.firstPurchaseOnly,
  pixOnly: row.pixOnly,
  only: row.only,
  except: row.except,
  onSaleItems: row.onSaleItems,
  addsToPixDiscount: row.addsToPixDiscount,
  uses: row.uses,
  createdAt: row.createdAt,
});

/** Every coupon, the newest first. */
export async function listCoupons(db: Database): Promise<AdminCoupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map(toAdminCoupon);
}

export async function findCoupon(db: Database, id: number): Promise<AdminCoupon | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ? toAdminCoupon(row) : null;
}

/**
 * Creates a coupon (no `id`) or changes one, audited. Refused at its field: a code another coupon
 * has, a product that does not exist, a total limit below the uses already made.
 */
export async function saveCoupon(
  db: Database,
  actor: AdminActor,
  input: CouponInput,
  id?: number,
): Promise<CouponSaveOutcome | typeof COUPON_NOT_FOUND> {
  return db.transaction(async (tx) => {
    const [before] =
      id === undefined ? [] : await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (id !== undefined && !before) return COUPON_NOT_FOUND;
    const errors = await refusals(tx, input, before);
    if (Object.keys(errors).length > 0) return { ok: false, message: Object.values(errors)[0]!, errors };
    const [saved] = before
      ? await tx.update(coupons).set(input).where(eq(coupons.id, before.id)).returning()
      : await tx.insert(coupons).values(input).returning();
    await recordAdminWrite(tx, actor, {
      action: before ? "coupon.update" : "coupon.create",
      targetType: "coupon",
      targetId: saved!.id,
      before: before ? auditedRules(before) : null,
      after: auditedRules(saved!),
    });
    return {
      ok: true,
      id: saved!.id,
      message: before ? COUPON_ADMIN_MESSAGES.saved : COUPON_ADMIN_MESSAGES.created,
    };
  });
}

export const COUPON_NOT_FOUND = {
  ok: false,
  notFound: true,
  message: COUPON_ADMIN_MESSAGES.notFound,
} as const;

async function refusals(
  tx: Transaction,
  input: CouponInput,
  before: typeof coupons.$inferSelect | undefined,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, input.code), before ? ne(coupons.id, before.id) : undefined));
  if (taken) errors.code = COUPON_ADMIN_MESSAGES.codeTaken(input.code);
  const named = [...input.only.productIds, ...input.except.productIds];
  const found = named.length
    ? new Set(
        (await tx.select({ id: products.id }).from(products).where(inArray(products.id, named))).map(
          (row) => row.id,
        ),
      )
    : new Set<number>();
  const missingOnly = input.only.productIds.find((productId) => !found.has(productId));
  const missingExcept = input.except.productIds.find((productId) => !found.has(productId));
  if (missingOnly !== undefined) errors.onlyProducts = COUPON_ADMIN_MESSAGES.productMissing(missingOnly);
  if (missingExcept !== undefined)
    errors.exceptProducts = COUPON_ADMIN_MESSAGES.productMissing(missingExcept);
  if (before && input.maxUses !== null && input.maxUses < before.uses) {
    errors.maxUses = COUPON_ADMIN_MESSAGES.belowUses(before.uses);
  }
  return errors;
}

/** Activates or deactivates a coupon, audited; an inactive coupon is 'Cupom inválido' to shoppers. */
export async function setCouponActive(
  db: Database,
  actor: AdminActor,
  id: number,
  active: boolean,
): Promise<Outcome<{ message: string }> | typeof COUPON_NOT_FOUND> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) return COUPON_NOT_FOUND;
    if (before.active !== active) {
      await tx.update(coupons).set({ active }).where(eq(coupons.id, id));
      await recordAdminWrite(tx, actor, {
        action: active ? "coupon.activate" : "coupon.deactivate",
        targetType: "coupon",
        targetId: id,
        before: { active: before.active },
        after: { active },
      });
    }
    return {
      ok: true,
      message: active ? COUPON_ADMIN_MESSAGES.activated : COUPON_ADMIN_MESSAGES.deactivated,
    };
  });
}

/** What the audit log keeps of a coupon: its rules, not its counters. */
function auditedRules(row: typeof coupons.$inferSelect): Record<string, unknown> {
  const { id: _id, uses: _uses, createdAt: _created, updatedAt: _updated, ...rules } = row;
  return rules;
}
