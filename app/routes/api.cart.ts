import { data } from "react-router";
import type { Route } from "./+types/api.cart";
import { readSession } from "../domain/accounts/session.server";
import type { ServerCartAnswer } from "../domain/cart/cart-items";
import { cartRequestSchema } from "../domain/cart/cart-request";
import { changeCart, readCart } from "../domain/cart/server-cart.server";
import { requireUserForJson } from "./guards.server";

/**
 * `GET /api/cart`: the signed-in customer's cart, the same on every device (DESIGN point 6). A
 * visitor has none on the server: a page whose session ended elsewhere gets an empty one, as its
 * next look at the session will show it signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await readSession(context, request);
  const cart: ServerCartAnswer = user ? await readCart(context.db, user.id) : { items: [] };
  return data(cart, { headers: noStore(headers) });
}

/** `POST /api/cart` with a JSON change (add, set, remove, clear, merge): the cart after it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requireUserForJson(context, request);
  const change = cartRequestSchema.safeParse(await request.json().catch(() => null));
  if (!change.success) return refuse(400, "Dados inválidos");
  const answer = await changeCart(context.db, user.id, change.data);
  if ("error" in answer) return refuse(404, answer.error);
  return data(answer, { headers: noStore(headers) });
}

function refuse(status: number, error: string) {
  return data({ error }, { status, headers: noStore(new Headers()) });
}

/** Another device may change the cart at any moment: no browser or proxy keeps a copy. */
function noStore(headers: Headers): Headers {
  headers.set("Cache-Control", "no-store");
  return headers;
}
