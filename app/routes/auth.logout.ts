import { data } from "react-router";
import type { Route } from "./+types/auth.logout";

/** Ends the session on the server and clears its cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const response = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data({ ok: response.ok }, { status: response.ok ? 200 : 500, headers });
}
