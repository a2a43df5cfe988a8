import { data } from "react-router";
import type { Route } from "./+types/api.cep";
import { CEP_LOOKUP_MESSAGES } from "../domain/accounts/address-schema";
import { cepLookupFor } from "../domain/accounts/cep-lookup.server";
import { requireUserForJson } from "./guards.server";

/**
 * `{ address }` of a CEP (null when unknown), for the address form; 503 when the service did not
 * answer. Only for signed-in customers (not an open proxy).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireUserForJson(context, request);
  if (!/^\d{8}$/.test(params.cep)) return data({ error: "CEP inválido" }, { status: 400 });
  // Not found is an answer too (null), not an error: the form then stays usable by hand.
  const answer = await cepLookupFor(context.env.CEP_API_URL).lookup(params.cep, context.logger);
  if (!answer.ok) return data({ error: CEP_LOOKUP_MESSAGES.unavailable }, { status: 503 });
  return data({ address: answer.address }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
