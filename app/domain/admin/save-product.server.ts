import { and, asc, eq, inArray, like, ne } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import type { FileStorage } from "../../storage/file-storage.server";
import type { VariantOffer } from "../catalog/variants";
import { adminVariantColumns } from "./admin-product.server";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";
import { PLACEHOLDER_IMAGE } from "../catalog/product-card";
import type { SettingsVariables } from "../store-settings/default-settings";
import { currentStoreSettings } from "../store-settings/store-settings.server";
import { combinationKey, SKU_MAX, type ProductInput, type VariantInput } from "./product-form-schema";
import { generatedSku, skuPrefix } from "./generated-sku";
import { PARCEL_SIZE_FIELDS, type ParcelSize } from "../shipping/parcel-size";
import { resolveProductImage } from "./product-image-source.server";

export type SaveProductOutcome =
  { ok: true; productId: number } | { ok: false; errors?: Record<string, string>; notFound?: boolean };

/** What a product's row holds of the input (its prices are the variants', kept by trigger). */
function productFields(input: ProductInput, image: string) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    brand: input.brand,
    ncm: input.ncm,
    origin: input.origin,
    image,
    ...input.parcel,
    options: input.options,
    specs: input.specs,
  };
}

type ProductFields = ReturnType<typeof productFields>;
const AUDITED: (keyof ProductFields)[] = [
  "name",
  "description",
  "category",
  "brand",
  "ncm",
  "origin",
  "image",
  ...PARCEL_SIZE_FIELDS,
  "options",
  "specs",
];

/** A variant row as written and audited. */
interface VariantFields extends VariantOffer, ParcelSize {
  active: boolean;
  displayOrder: number;
}

function variantFields(variant: VariantInput, sku: string, displayOrder: number): VariantFields {
  return {
    sku,
    optionValues: variant.optionValues,
    priceCents: variant.price,
    compareAtCents: variant.compareAt,
    stock: variant.stock,
    active: variant.active,
    gtin: variant.gtin,
    ...variant.parcel,
    displayOrder,
  };
}

/** The prefix of the SKUs generated for the store, from its name as the owner last saved it. */
export async function storeSkuPrefix(db: Database, env: SettingsVariables): Promise<string> {
  return skuPrefix((await currentStoreSettings(db, env)).settings.identity.name);
}

/**
 * The product's variants as written. A SKU left empty is generated after the store's prefix, and
 * moved past a SKU another product or another row already has ('VTR-12-2'), so only a typed SKU
 * can be refused as taken.
 */
async function variantRows(
  tx: Transaction,
  skuPrefix: string,
  productId: number,
  inputs: readonly VariantInput[],
): Promise<VariantFields[]> {
  const generatedPrefix = generatedSku(skuPrefix, productId, []);
  const taken = new Set(inputs.map((variant) => variant.sku).filter((sku) => sku !== ""));
  if (inputs.some((variant) => variant.sku === "")) {
    const others = await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(like(productVariants.sku, `${generatedPrefix}%`), ne(productVariants.productId, productId)));
    for (const { sku } of others) taken.add(sku);
  }
  return inputs.map((variant, index) => {
    let sku = variant.sku;
    if (sku === "") {
      const base = generatedSku(skuPrefix, productId, variant.optionValues);
      sku = base;
      for (let copy = 2; taken.has(sku); copy += 1) sku = `${base.slice(0, SKU_MAX - 4)}-${copy}`;
      taken.add(sku);
    }
    return variantFields(variant, sku, index);
  });
}

/** The lowest and highest price of the active variants (of all of them when none is active). */
function priceRange(variants: readonly VariantInput[]) {
  const active = variants.filter((variant) => variant.active);
  const prices = (active.length > 0 ? active : variants).map((variant) => variant.price);
  return { priceCents: Math.min(...prices), priceMaxCents: Math.max(...prices) };
}

export const SKU_TAKEN = (sku: string) => `SKU já usado por outro produto: ${sku}`;

/**
 * The typed SKUs that another product's variants already use, by the input's field path; none
 * when all are free.
 */
async function skusOfOtherProducts(
  tx: Transaction,
  productId: number | null,
  input: ProductInput,
): Promise<Record<string, string>> {
  const typed = input.variants.map((variant) => variant.sku).filter((sku) => sku !== "");
  if (typed.length === 0) return {};
  const taken = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.sku, typed),
        productId === null ? undefined : ne(productVariants.productId, productId),
      ),
    );
  const takenSkus = new Set(taken.map((row) => row.sku));
  return Object.fromEntries(
    input.variants.flatMap((variant, index) =>
      takenSkus.has(variant.sku) ? [[`variants.${index}.sku`, SKU_TAKEN(variant.sku)]] : [],
    ),
  );
}

/**
 * Writes a product with its options, variants, brand and specs in the caller's transaction: a
 * new one (`productId` null) or the new state of an existing one. An update keeps the id of each
 * variant whose combination is still sold (carts and orders point at it), removes the variants no
 * longer sold (carts lose them; order lines keep their snapshot) and adds the new ones. Audited
 * like every admin write. Refuses, before writing anything, a SKU another product uses. A SKU
 * left empty is generated after `skuPrefix` (`storeSkuPrefix`).
 */
export async function writeProduct(
  tx: Transaction,
  actor: AdminActor,
  productId: number | null,
  input: ProductInput,
  image: string,
  skuPrefix: string,
): Promise<SaveProductOutcome> {
  const taken = await skusOfOtherProducts(tx, productId, input);
  if (Object.keys(taken).length > 0) return { ok: false, errors: taken };
  const fields = productFields(input, image);
  if (productId === null) {
    const [created] = await tx
      .insert(products)
      .values({ ...fields, ...priceRange(input.variants) })
      .returning({ id: products.id });
    const id = created!.id;
    const variants = await variantRows(tx, skuPrefix, id, input.variants);
    await tx.insert(productVariants).values(variants.map((variant) => ({ ...variant, productId: id })));
    await recordAdminWrite(tx, actor, {
      action: "product.create",
      targetType: "product",
      targetId: id,
      before: null,
      after: { ...fields, variants },
    });
    return { ok: true, productId: id };
  }
  const [current] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
  if (!current) return { ok: false, notFound: true };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  // A field the input leaves out (the NCM of a CSV file older than that column) stays as it is.
  const changed = AUDITED.filter(
    (field) =>
      fields[field] !== undefined && JSON.stringify(current[field]) !== JSON.stringify(fields[field]),
  );
  if (changed.length > 0) await tx.update(products).set(fields).where(eq(products.id, productId));
  for (const field of changed) {
    before[field] = current[field];
    after[field] = fields[field];
  }
  const variantChanges = await replaceVariants(tx, skuPrefix, productId, input.variants);
  if (variantChanges) {
    before.variants = variantChanges.before;
    after.variants = variantChanges.after;
  }
  if (Object.keys(after).length > 0) {
    await recordAdminWrite(tx, actor, {
      action: "product.update",
      targetType: "product",
      targetId: productId,
      before,
      after,
    });
  }
  return { ok: true, productId };
}

const VARIANT_COLUMNS = { ...adminVariantColumns, displayOrder: productVariants.displayOrder };

/**
 * Makes the product's variants the given ones, matched by combination; answers the variants
 * before and after for the audit, or null when nothing changed.
 */
async function replaceVariants(
  tx: Transaction,
  skuPrefix: string,
  productId: number,
  inputs: readonly VariantInput[],
) {
  const current = await tx
    .select(VARIANT_COLUMNS)
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.displayOrder), asc(productVariants.id));
  const byCombination = new Map(current.map((variant) => [combinationKey(variant.optionValues), variant]));
  const wanted = await variantRows(tx, skuPrefix, productId, inputs);
  const kept = new Set<number>();
  const updates: { id: number; fields: VariantFields; skuChanged: boolean }[] = [];
  const inserts: VariantFields[] = [];
  for (const fields of wanted) {
    const existing = byCombination.get(combinationKey(fields.optionValues));
    if (!existing) {
      inserts.push(fields);
      continue;
    }
    kept.add(existing.id);
    const { id, ...stored } = existing;
    if (JSON.stringify(stored) !== JSON.stringify(fields)) {
      updates.push({ id, fields, skuChanged: stored.sku !== fields.sku });
    }
  }
  const removed = current.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id);
  if (removed.length === 0 && updates.length === 0 && inserts.length === 0) return null;
  if (removed.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
  // SKUs are unique: two variants swapping theirs pass through free ones first.
  for (const update of updates.filter((update) => update.skuChanged)) {
    await tx
      .update(productVariants)
      .set({ sku: `~${update.id}` })
      .where(eq(productVariants.id, update.id));
  }
  for (const update of updates) {
    await tx.update(productVariants).set(update.fields).where(eq(productVariants.id, update.id));
  }
  if (inserts.length > 0) {
    await tx.insert(productVariants).values(inserts.map((variant) => ({ ...variant, productId })));
  }
  return {
    before: current.map(({ id: _id, ...variant }) => variant),
    after: wanted,
  };
}

/** A new product; without an image it shows the placeholder. */
export async function addProduct(
  db: Database,
  storage: FileStorage,
  actor: AdminActor,
  input: ProductInput,
  file: File | null,
  skuPrefix: string,
): Promise<SaveProductOutcome> {
  const image = await resolveProductImage(storage, { file, url: input.imageUrl });
  if (!image.ok) return { ok: false, errors: { image: image.message } };
  return db.transaction((tx) =>
    writeProduct(tx, actor, null, input, image.url ?? PLACEHOLDER_IMAGE, skuPrefix),
  );
}

/**
 * A product's new state; the audit keeps, for the fields that changed, what they were and what
 * they became. An empty image address leaves the placeholder.
 */
export async function updateProduct(
  db: Database,
  storage: FileStorage,
  actor: AdminActor,
  productId: number,
  input: ProductInput,
  file: File | null,
  skuPrefix: string,
): Promise<SaveProductOutcome> {
  const image = await resolveProductImage(storage, { file, url: input.imageUrl });
  if (!image.ok) return { ok: false, errors: { image: image.message } };
  return db.transaction((tx) =>
    writeProduct(tx, actor, productId, input, image.url ?? PLACEHOLDER_IMAGE, skuPrefix),
  );
}
