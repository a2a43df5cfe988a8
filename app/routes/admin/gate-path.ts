import { safeRedirectPath } from "../../lib/safe-redirect";

/** Where an admin who has not passed the gate this session is sent, whatever panel page they asked for. */
export const ADMIN_GATE_PATH = "/admin/gate";

/** The gate's address, remembering the panel page asked for. */
export function gatePathFor(url: URL): string {
  return `${ADMIN_GATE_PATH}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/** The panel page to open once the gate is passed: the one remembered, if it is the panel's. */
export function panelPathAfterGate(url: URL): string {
  const target = safeRedirectPath(url.searchParams.get("redirectTo"), "/admin");
  const inPanel = /^\/admin(\/|\?|$)/.test(target) && !target.startsWith(ADMIN_GATE_PATH);
  return inPanel ? target : "/admin";
}
