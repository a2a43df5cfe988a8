import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products, productVariants } from "../../db/schema.server";
import type { FileStorage } from "../../storage/file-storage.server";
import { insertDefaultVariants } from "../catalog/default-variants.server";
import { recordAdminWrite, type AdminActor } from "./audit.server";
import { PLACEHOLDER_IMAGE, type ProductFormInput } from "./product-form-schema";
import { resolveProductImage } from "./product-image-source.server";

export type SaveProductOutcome =
  { ok: true; productId: number } | { ok: false; errors?: Record<string, string>; notFound?: boolean };

type ProductFields = Pick<typeof products.$inferInsert, "name" | "description" | "category" | "image">;
/** What the form's price and stock write: the product's default variant (decision 0030). */
type VariantFields = Pick<typeof productVariants.$inferInsert, "priceCents" | "stock">;

const AUDITED = ["name", "description", "priceCents", "category", "image", "stock"] as const;

function productFields(input: ProductFormInput, image: string): ProductFields {
  return { name: input.name, description: input.description, category: input.category, image };
}

function variantFields(input: ProductFormInput): Required<VariantFields> {
  return { priceCents: input.price, stock: input.stock };
}

/** The default variant of a product without options: the one the form's price and stock are. */
const defaultVariant = (productId: number) =>
  and(eq(productVariants.productId, productId), sql`${productVariants.optionValues} = '[]'::jsonb`);

/** A new product; without an image it shows the placeholder, without a stock it has none. */
export async function addProduct(
  db: Database,
  storage: FileStorage,
  actor: AdminActor,
  input: ProductFormInput,
  file: File | null,
): Promise<SaveProductOutcome> {
  const image = await resolveProductImage(storage, { file, url: input.imageUrl });
  if (!image.ok) return { ok: false, errors: { image: image.message } };
  const fields = productFields(input, image.url ?? PLACEHOLDER_IMAGE);
  const variant = variantFields(input);
  const productId = await db.transaction(async (tx) => {
    // The price range is the variants' (kept by trigger from here on).
    const range = { priceCents: variant.priceCents, priceMaxCents: variant.priceCents };
    const [created] = await tx
      .insert(products)
      .values({ ...fields, ...range })
      .returning({ id: products.id });
    await insertDefaultVariants(tx, [{ productId: created!.id, ...variant }]);
    await recordAdminWrite(tx, actor, {
      action: "product.create",
      targetType: "product",
      targetId: created!.id,
      before: null,
      after: { ...fields, ...variant },
    });
    return created!.id;
  });
  return { ok: true, productId };
}

/**
 * A product's new fields; the audit keeps, for the fields that changed, what they were and what
 * they became. An empty image address leaves the placeholder.
 */
export async function updateProduct(
  db: Database,
  storage: FileStorage,
  actor: AdminActor,
  productId: number,
  input: ProductFormInput,
  file: File | null,
): Promise<SaveProductOutcome> {
  const image = await resolveProductImage(storage, { file, url: input.imageUrl });
  if (!image.ok) return { ok: false, errors: { image: image.message } };
  const fields = productFields(input, image.url ?? PLACEHOLDER_IMAGE);
  const variant = variantFields(input);
  const next = { ...fields, ...variant };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        name: products.name,
        description: products.description,
        category: products.category,
        image: products.image,
        priceCents: productVariants.priceCents,
        stock: productVariants.stock,
      })
      .from(products)
      .innerJoin(productVariants, defaultVariant(productId))
      .where(eq(products.id, productId))
      .for("update");
    if (!current) return { ok: false, notFound: true };
    const changed = AUDITED.filter((field) => current[field] !== next[field]);
    if (changed.length === 0) return { ok: true, productId };
    await tx.update(products).set(fields).where(eq(products.id, productId));
    await tx.update(productVariants).set(variant).where(defaultVariant(productId));
    await recordAdminWrite(tx, actor, {
      action: "product.update",
      targetType: "product",
      targetId: productId,
      before: Object.fromEntries(changed.map((field) => [field, current[field]])),
      after: Object.fromEntries(changed.map((field) => [field, next[field]])),
    });
    return { ok: true, productId };
  });
}
