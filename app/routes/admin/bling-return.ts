import { redirect } from "react-router";
import type { Route } from "./+types/bling-return";
import { finishBlingAuthorization } from "../../domain/fiscal/bling/bling-connection.server";
import { requireAdminForDownload } from "../guards.server";

/**
 * Where Bling sends the admin back after 'Conectar ao Bling' (its `code` and `state`, or its
 * `error`): the code is traded for the account's tokens, and the settings page says how it went.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdminForDownload(context, request);
  const query = new URL(request.url).searchParams;
  const result = await finishBlingAuthorization(context.db, context.env, context.logger, user, {
    code: query.get("code"),
    state: query.get("state"),
    error: query.get("error"),
  });
  throw redirect(`/admin/settings?bling=${result}#bling`);
}
