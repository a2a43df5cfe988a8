/**
 * The page is drawn by the server: its scripts only make it interactive. React Router's
 * `<Scripts>` preloads every module in the head and imports the route modules statically, so the
 * browser fetches all of them (120 KB compressed) while it still waits for the stylesheet, and
 * they share the link with the stylesheet and the largest image. Here the same scripts are fetched
 * once the page has painted its first frame (decision 0011): the preloads leave the head, and the
 * inline module script waits for that frame, then preloads the modules at low priority, one task
 * each, and imports the route modules and the manifest dynamically before starting React Router's
 * client as before. A page without that script is left as it is.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const moduleScript = MODULE_SCRIPT.exec(html);
  if (!moduleScript) return html;
  const [whole, openingTag = "", body = ""] = moduleScript;
  const routeImports = [...body.matchAll(ROUTE_IMPORT)];
  if (routeImports.length === 0) return html;

  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const names = routeImports.map(([, name]) => name!);
  // The route modules (bound to their names, in order), then the manifest's module.
  const urls = [
    ...routeImports.map(([, , url]) => url!),
    ...[...body.matchAll(MANIFEST_IMPORT)].map(([, url]) => url!),
  ];
  const rest = body.replace(ROUTE_IMPORT, "").replace(MANIFEST_IMPORT, "").trim();
  const deferred = [
    AFTER_FIRST_FRAME,
    `for (const href of ${JSON.stringify(preloads)}) { document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", fetchPriority: "low", href })); ${YIELD} }`,
    `const [${names.join(", ")}] = await Promise.all(${JSON.stringify(urls)}.map((url) => import(url)));`,
    rest,
  ].join("\n");

  return html.replace(whole, () => `${openingTag}${deferred}</script>`).replace(MODULE_PRELOAD_TAG, "");
}

/**
 * Lets the browser take a turn: starting a module's fetch costs its main thread 0.5-2.5 ms (4x
 * slower on a phone), so the 20-30 preloads of a page, one after another, made one task long
 * enough to block a tap. `scheduler.yield()` resumes ahead of other work; a timeout where it is
 * missing.
 */
const YIELD = "await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve)));";

/** React Router's inline module script: the manifest, the route modules, then the client entry. */
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)<\/script>/;
const ROUTE_IMPORT = /import \* as (\w+) from "([^"]+)";\n?/g;
/** The whole route manifest's module (`routeDiscovery: "initial"`), imported for its effect. */
const MANIFEST_IMPORT = /import "([^"]+)";\n?/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*\/>/g;
const MODULE_PRELOAD_TAG = /<link rel="modulepreload"[^>]*\/>/g;

/**
 * Resolves after the first frame is painted: a `requestAnimationFrame` callback runs just before
 * a frame's paint, a timeout set there runs after it. A hidden tab paints no frame: at once.
 */
const AFTER_FIRST_FRAME =
  'await new Promise((resolve) => document.visibilityState === "hidden" ? resolve() : requestAnimationFrame(() => setTimeout(resolve)));';
