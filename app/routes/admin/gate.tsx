import { data, redirect } from "react-router";
import type { Route } from "./+types/gate";
import { AdminGateDialog } from "../../components/admin/admin-gate-dialog";
import { requireAdminRole } from "../guards.server";
import { panelPathAfterGate } from "./gate-path";

/**
 * The gate, a page of its own: an admin who has not passed it is sent here before any section of
 * the panel loads, so no request of the page is answered 403. Passed, it opens the page asked for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { gatePassed, headers } = await requireAdminRole(context, request);
  if (gatePassed) throw redirect(panelPathAfterGate(new URL(request.url)), { headers });
  return data(null, { headers });
}

export default function AdminGate() {
  return <AdminGateDialog />;
}
