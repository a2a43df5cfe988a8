import { data } from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/api.passkey-options";
import { authCall } from "../context.server";
import type { PasskeyOptionsAnswer } from "../domain/accounts/passkey";
import { passkeyRegistrationOptions, passkeySignInOptions } from "../domain/accounts/passkeys.server";
import { requireUserForJson } from "./guards.server";

const optionsRequest = z.object({ ceremony: z.enum(["registration", "authentication"]) });

/**
 * The options (with a fresh challenge) for the browser's WebAuthn call: creating a passkey in
 * Configurações, or signing in with one on /auth. The challenge's cookie comes with the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const input = optionsRequest.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success)
    return data<PasskeyOptionsAnswer>({ ok: false, message: "Dados inválidos" }, { status: 400 });
  const call = authCall(context, request);
  if (input.data.ceremony === "registration") {
    await requireUserForJson(context, request, (message): PasskeyOptionsAnswer => ({ ok: false, message }));
  }
  const outcome =
    input.data.ceremony === "registration"
      ? await passkeyRegistrationOptions(call)
      : await passkeySignInOptions(call);
  if (!outcome.ok) return data<PasskeyOptionsAnswer>({ ok: false, message: outcome.message });
  return data<PasskeyOptionsAnswer>({ ok: true, options: outcome.options }, { headers: outcome.headers });
}
