import { z } from "../lib/zod";
import type { Route } from "./+types/api.cart-products";
import { CART_PRODUCTS_LIMIT, getCartProducts } from "../domain/catalog/cart-products.server";

/**
 * `GET /api/cart-products?ids=1,2:7,3`: the cart's variants as they are now, for the cart page.
 * Each entry is a product id, and its variant's after a colon (without it, the product's default
 * variant).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = idsQuery.safeParse(new URL(request.url).searchParams.get("ids"));
  if (!ids.success) {
    return Response.json({ error: "Parâmetro ids inválido" }, { status: 400, headers: NO_STORE });
  }
  return Response.json(await getCartProducts(context.db, ids.data), { headers: NO_STORE });
}

// Prices and stock change at any moment: no browser or proxy may answer from a stale copy.
const NO_STORE = { "Cache-Control": "no-store" };

const idsQuery = z
  .string()
  .regex(/^\d+(:\d+)?(,\d+(:\d+)?)*$/)
  .transform((text) =>
    text.split(",").map((entry) => {
      const [id = 0, variantId] = entry.split(":").map(Number);
      return variantId === undefined ? { id } : { id, variantId };
    }),
  )
  .pipe(
    z
      .array(z.object({ id: z.number().int().positive(), variantId: z.number().int().positive().optional() }))
      .max(CART_PRODUCTS_LIMIT),
  );
