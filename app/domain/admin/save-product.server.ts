import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import type { FileStorage } from "../../storage/file-storage.server";
import { recordAdminWrite, type AdminActor } from "./audit.server";
import { PLACEHOLDER_IMAGE, type ProductFormInput } from "./product-form-schema";
import { resolveProductImage } from "./product-image-source.server";

export type SaveProductOutcome =
  { ok: true; productId: number } | { ok: false; errors?: Record<string, string>; notFound?: boolean };

type ProductFields = Omit<typeof products.$inferSelect, "id" | "searchName" | "createdAt" | "updatedAt">;

const AUDITED: (keyof ProductFields)[] = ["name", "description", "priceCents", "category", "image", "stock"];

function productFields(input: ProductFormInput, image: string): ProductFields {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    category: input.category,
    stock: input.stock,
    image,
  };
}

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
  const productId = await db.transaction(async (tx) => {
    const [created] = await tx.insert(products).values(fields).returning({ id: products.id });
    await recordAdminWrite(tx, actor, {
      action: "product.create",
      targetType: "product",
      targetId: created!.id,
      before: null,
      after: { ...fields },
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
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!current) return { ok: false, notFound: true };
    const changed = AUDITED.filter((field) => current[field] !== fields[field]);
    if (changed.length === 0) return { ok: true, productId };
    await tx.update(products).set(fields).where(eq(products.id, productId));
    await recordAdminWrite(tx, actor, {
      action: "product.update",
      targetType: "product",
      targetId: productId,
      before: Object.fromEntries(changed.map((field) => [field, current[field]])),
      after: Object.fromEntries(changed.map((field) => [field, fields[field]])),
    });
    return { ok: true, productId };
  });
}
