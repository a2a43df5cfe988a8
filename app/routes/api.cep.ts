import { data } from "react-router";
import type { Route } from "./+types/api.cep";
import { cepLookupFor } from "../domain/accounts/cep-lookup.server";
import { requireUserForJson } from "./guards.server";

/** `{ address }` of a CEP (null when unknown), for the address form; only for signed-in customers (not an open proxy). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireUserForJson(context, request);
  if (!/^\d{8}$/.test(params.cep)) return data({ error: "CEP inválido" }, { status: 400 });
  // Not found is an answer too (null), not an error: the form then stays usable by hand.
  const address = await cepLookupFor(context.env.CEP_API_URL).lookup(params.cep, context.logger);
  return data({ address }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
