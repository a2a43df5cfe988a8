import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { products } from "../../db/schema.server";
import { productStock } from "../catalog/product-card-columns.server";
import { recordAdminWrite, type AdminActor } from "./audit.server";

/**
 * Removes a product and its gallery. Orders that bought it keep their lines: each line is a
 * snapshot (name, image, unit price) whose product link the database sets to null. Image files
 * stay, since those snapshots may still show them. False when no such product exists.
 */
export async function deleteProduct(db: Database, actor: AdminActor, productId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [stock] = await tx
      .select({ value: productStock.mapWith(Number) })
      .from(products)
      .where(eq(products.id, productId));
    const [deleted] = await tx.delete(products).where(eq(products.id, productId)).returning();
    if (!deleted) return false;
    await recordAdminWrite(tx, actor, {
      action: "product.delete",
      targetType: "product",
      targetId: productId,
      before: {
        name: deleted.name,
        description: deleted.description,
        priceCents: deleted.priceCents,
        category: deleted.category,
        image: deleted.image,
        stock: stock!.value,
      },
      after: null,
    });
    return true;
  });
}
