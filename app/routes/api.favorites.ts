import { data } from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/api.favorites";
import type { FavoriteAnswer } from "../domain/catalog/favorites";
import { addFavorite, removeFavorite } from "../domain/catalog/favorites.server";
import { requireUserForJson } from "./guards.server";

const favoriteChange = z.object({
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
  intent: z.enum(["add", "remove"]),
});

/** Adds or removes one of the signed-in customer's favourites. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requireUserForJson(context, request);
  const input = favoriteChange.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return data<FavoriteAnswer>({ error: "Dados inválidos" }, { status: 400 });
  const { productId, intent } = input.data;
  if (intent === "remove") {
    await removeFavorite(context.db, user.id, productId);
    return data<FavoriteAnswer>({ favorited: false }, { headers });
  }
  const added = await addFavorite(context.db, user.id, productId);
  if (!added.ok) return data<FavoriteAnswer>({ error: "Produto não encontrado" }, { status: 404 });
  return data<FavoriteAnswer>({ favorited: true }, { headers });
}
