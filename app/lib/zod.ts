import { z } from "zod";

/*
 * The one way into zod: in the browser, schemas (the forms' instant checks) parse without
 * compiling code, since zod's probe for `new Function` is a violation of the store's CSP, reported
 * even though it is caught. Set here, where every schema gets `z`, rather than in the root route,
 * whose import put zod's core on every page, those without a form too.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
