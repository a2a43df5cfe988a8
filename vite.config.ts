import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * V8's explicit compile hint (Chromium 136 and later): a script that opens with this comment has
 * all its functions compiled as it streams in, off the main thread. Without it V8 compiles a
 * function when first called, on the main thread, and a page's start calls most of what its
 * scripts hold: React DOM's hydration, the routes' components (decision 0011).
 */
const COMPILE_ALL_FUNCTIONS_ON_LOAD = "//# allFunctionsCalledOnLoad";

/** Opens each client script with the compile hint, which V8 reads only on a script's first line. */
function compiledWhileStreaming(): Plugin {
  return {
    name: "vitrine:compiled-while-streaming",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      // After every other change to the scripts: a line put before the hint would void it.
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === "chunk") file.code = `${COMPILE_ALL_FUNCTIONS_ON_LOAD}\n${file.code}`;
        }
      },
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
  plugins: [tailwindcss(), reactRouter(), compiledWhileStreaming()],
}));
