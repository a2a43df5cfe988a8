import { data } from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/api.admin.verify-password";
import { GATE_MESSAGES, type GateAnswer } from "../domain/admin/admin-gate";
import { passAdminGate } from "../domain/admin/admin-gate.server";
import { requireAdminRole } from "./guards.server";

const gateSchema = z.object({ password: z.string().max(1000).catch("") });

/** The spec's verify-admin-password: `{password}` in, `{valid}` out, for a signed-in admin only. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = await requireAdminRole(context, request);
  const { password } = gateSchema.parse(Object.fromEntries(await request.formData()));
  try {
    const outcome = await passAdminGate(context.db, {
      sessionId,
      userId: user.id,
      clientIp: context.clientIp,
      password,
    });
    if (outcome.ok) return { valid: true, message: outcome.message } satisfies GateAnswer;
    return data<GateAnswer>({ valid: false, message: outcome.message }, { status: outcome.status });
  } catch (error) {
    context.logger.error({ err: error }, "Falha ao verificar a senha do painel");
    return data<GateAnswer>({ valid: false, message: GATE_MESSAGES.failed }, { status: 500 });
  }
}
