import { and, asc, desc, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { products, promotions } from "../../db/schema.server";
import type { Outcome } from "../../lib/outcome";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import type { PromotionInput } from "./promotion-form";

/**
 * Automatic promotions (issue 53, decision 0040). Saving one, or activating or deactivating it,
 * writes the promotion now running on each variant in the same transaction; a window starting or
 * ending is written by `followPromotionWindows`, the store's 'promoções' job.
 */

/** A promotion as the admin's 'Promoções' tab lists and edits it. */
export interface AdminPromotion extends PromotionInput {
  id: number;
  active: boolean;
}

export const PROMOTION_ADMIN_MESSAGES = {
  created: "Promoção criada!",
  saved: "Promoção salva!",
  activated: "Promoção ativada",
  deactivated: "Promoção desativada",
  notFound: "Promoção não encontrada",
} as const;

export const PROMOTION_NOT_FOUND = {
  ok: false,
  notFound: true,
  message: PROMOTION_ADMIN_MESSAGES.notFound,
} as const;

const adminColumns = {
  id: promotions.id,
  name: promotions.name,
  percentBasisPoints: promotions.percentBasisPoints,
  category: promotions.category,
  brand: promotions.brand,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  active: promotions.active,
};

/** Every promotion, the latest to start first. */
export function listPromotions(db: Database): Promise<AdminPromotion[]> {
  return db.select(adminColumns).from(promotions).orderBy(desc(promotions.startsAt), desc(promotions.id));
}

export async function findPromotion(db: Database, id: number): Promise<AdminPromotion | null> {
  const [row] = await db.select(adminColumns).from(promotions).where(eq(promotions.id, id));
  return row ?? null;
}

/** The categories and brands of the catalogue, each once, for the promotion form's choices. */
export async function promotionTargets(db: Database): Promise<{ categories: string[]; brands: string[] }> {
  const [categories, brands] = await Promise.all([
    db.selectDistinct({ name: products.category }).from(products).orderBy(asc(products.category)),
    db
      .selectDistinct({ name: products.brand })
      .from(products)
      .where(isNotNull(products.brand))
      .orderBy(asc(products.brand)),
  ]);
  return {
    categories: categories.map((row) => row.name),
    brands: brands.map((row) => row.name!),
  };
}

/** A promotion saved: its id, and the message the page shows. */
interface PromotionSaved {
  ok: true;
  id: number;
  message: string;
}

/** Creates a promotion (no `id`) or changes one, audited; its prices show at once. */
export async function savePromotion(
  db: Database,
  actor: AdminActor,
  input: PromotionInput,
): Promise<PromotionSaved>;
export async function savePromotion(
  db: Database,
  actor: AdminActor,
  input: PromotionInput,
  id: number,
): Promise<PromotionSaved | typeof PROMOTION_NOT_FOUND>;
export async function savePromotion(
  db: Database,
  actor: AdminActor,
  input: PromotionInput,
  id?: number,
): Promise<PromotionSaved | typeof PROMOTION_NOT_FOUND> {
  return db.transaction(async (tx) => {
    const [before] =
      id === undefined
        ? []
        : await tx.select(adminColumns).from(promotions).where(eq(promotions.id, id)).for("update");
    if (id !== undefined && !before) return PROMOTION_NOT_FOUND;
    const [saved] = before
      ? await tx.update(promotions).set(input).where(eq(promotions.id, before.id)).returning(adminColumns)
      : await tx.insert(promotions).values(input).returning(adminColumns);
    await recordAdminWrite(tx, actor, {
      action: before ? "promotion.update" : "promotion.create",
      targetType: "promotion",
      targetId: saved!.id,
      before: before ?? null,
      after: saved!,
    });
    await refreshPromotions(tx);
    return {
      ok: true,
      id: saved!.id,
      message: before ? PROMOTION_ADMIN_MESSAGES.saved : PROMOTION_ADMIN_MESSAGES.created,
    };
  });
}

/** Activates or deactivates a promotion, audited; its prices show or go at once. */
export async function setPromotionActive(
  db: Database,
  actor: AdminActor,
  id: number,
  active: boolean,
): Promise<Outcome<{ message: string }> | typeof PROMOTION_NOT_FOUND> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: promotions.active })
      .from(promotions)
      .where(eq(promotions.id, id))
      .for("update");
    if (!before) return PROMOTION_NOT_FOUND;
    if (before.active !== active) {
      await tx.update(promotions).set({ active }).where(eq(promotions.id, id));
      await recordAdminWrite(tx, actor, {
        action: active ? "promotion.activate" : "promotion.deactivate",
        targetType: "promotion",
        targetId: id,
        before: { active: before.active },
        after: { active },
      });
      await refreshPromotions(tx);
    }
    return {
      ok: true,
      message: active ? PROMOTION_ADMIN_MESSAGES.activated : PROMOTION_ADMIN_MESSAGES.deactivated,
    };
  });
}

/**
 * Writes on every variant the promotion running at `at` (migration 0042's refresh_promotions), by
 * default the database's now.
 */
async function refreshPromotions(db: Database | Transaction, at?: Date): Promise<void> {
  await db.execute(
    sql`select refresh_promotions(null, ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`})`,
  );
}

/**
 * The 'promoções' job of one store process: on its first run, and whenever a promotion's window
 * started or ended since its last, writes the promotions running now. Any process may do it: the
 * update writes only the variants whose promotion changes, so a second process finds nothing to do.
 */
export function followPromotionWindows(): (db: Database) => Promise<void> {
  let checkedUntil: Date | null = null;
  return async (db) => {
    const now = new Date();
    if (checkedUntil === null || (await windowEdgePassed(db, checkedUntil, now)))
      await refreshPromotions(db, now);
    checkedUntil = now;
  };
}

/** Whether an active promotion started or ended after `since`, up to `now`. */
async function windowEdgePassed(db: Database, since: Date, now: Date): Promise<boolean> {
  const within = (edge: typeof promotions.startsAt | typeof promotions.endsAt) =>
    and(gt(edge, since), lte(edge, now));
  const [edge] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.active, true), or(within(promotions.startsAt), within(promotions.endsAt))))
    .limit(1);
  return edge !== undefined;
}
