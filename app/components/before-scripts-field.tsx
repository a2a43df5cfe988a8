import { useHydrated } from "./use-hydrated";

/** The field that tells an action a form was posted by the browser itself, before the scripts ran. */
export const BEFORE_SCRIPTS_FIELD = "beforeScripts";

/**
 * In the page as the server sends it, gone once the scripts run: a form posted with it was a
 * plain form post, whose answer must be a page (a redirect) rather than data for a script.
 */
export function BeforeScriptsField() {
  const hydrated = useHydrated();
  return hydrated ? null : <input type="hidden" name={BEFORE_SCRIPTS_FIELD} value="1" />;
}
