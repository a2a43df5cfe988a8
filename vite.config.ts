import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * React, React DOM and the scheduler ship as CommonJS, which the bundler wraps in one function per
 * module, called when the page's scripts start. V8 compiles a function expression written in
 * parentheses eagerly, on the thread that streams the file in; an arrow function, as the bundler
 * writes them, waits until it is called and is then parsed on the main thread, inside the
 * modules' evaluation, the longest task of every page's start (decision 0011). The client's
 * wrappers are written as function expressions; called without a receiver, they see the same
 * `this` (undefined) as the arrows did.
 */
function eagerlyCompiledCommonJs(): Plugin {
  const ARROW_WRAPPER = /(__commonJSMin\(\()\(([\w, ]*)\) => \{/g;
  return {
    name: "vitrine:eagerly-compiled-commonjs",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      const eager = code.replace(ARROW_WRAPPER, "$1function ($2) {");
      return eager === code ? null : eager;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server bundle's entry is our own HTTP shell, which embeds the React Router build.
      { rollupOptions: { input: "./server/main.ts" } }
    : {
        rolldownOptions: {
          output: {
            // Every page loads React and React Router, and icons a few hundred bytes each: one
            // file each instead of a dozen, since each file costs a request and its headers.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
                // The root route and everything it imports (the header, the footer, the cart's
                // context, the toasts...): every page loads all of it, so one file instead of a
                // dozen, each of which cost the page's main thread a fetch to start (decision 0011).
                { name: "root", test: /[\\/]app[\\/]root\.tsx$/ },
              ],
            },
          },
        },
      },
  // Bundled into the server's build, which then holds only the icons and the locale it uses: loaded
  // whole from node_modules, lucide-react (every icon) and date-fns' locales (every language) took
  // about 15 MB of the idle store's memory (decision 0022).
  ssr: { noExternal: ["lucide-react", "date-fns"] },
  plugins: [tailwindcss(), reactRouter(), eagerlyCompiledCommonJs()],
}));
