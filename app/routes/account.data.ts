import type { Route } from "./+types/account.data";
import { exportPersonalData } from "../domain/accounts/personal-data.server";
import { requireUser } from "./guards.server";

/** 'Baixar meus dados': the customer's data as a JSON download (LGPD). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const document = await exportPersonalData(context.db, user.id);
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="meus-dados-vitrine.json"',
      "Cache-Control": "no-store",
    },
  });
}
