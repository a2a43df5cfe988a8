import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { listVariants } from "./admin-product.server";
import { recordAdminWrite, type AdminActor } from "../audit/audit.server";

/**
 * Removes a product, its variants and its gallery (carts lose them). Orders that bought it keep
 * their lines: each line is a snapshot (name, variant, SKU, image, unit price) whose product and
 * variant links the database sets to null. Image files
 * stay, since those snapshots may still show them. False when no such product exists.
 */
export async function deleteProduct(db: Database, actor: AdminActor, productId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const variants = await listVariants(tx, productId);
    const [deleted] = await tx.delete(products).where(eq(products.id, productId)).returning();
    if (!deleted) return false;
    await recordAdminWrite(tx, actor, {
      action: "product.delete",
      targetType: "product",
      targetId: productId,
      before: {
        name: deleted.name,
        description: deleted.description,
        category: deleted.category,
        brand: deleted.brand,
        image: deleted.image,
        options: deleted.options,
        specs: deleted.specs,
        variants,
      },
      after: null,
    });
    return true;
  });
}
