import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The direction of imports (decision record 0014): shared helpers ← database ← domain ← routes
 * and components, with start-up and the HTTP shell (`server/`) on top; server code never reaches
 * the browser's bundle. Each zone names who imports (`target`) and what it may not (`from`);
 * type-only imports count.
 */
const SERVER_CODE = ["app/**/*.server.{ts,tsx}", "app/**/.server/**", "server/**"];
const importBoundaries = [
  {
    target: "app/lib",
    from: "app",
    except: ["./lib"],
    message: "app/lib holds shared helpers: it imports nothing else of the app.",
  },
  {
    target: "app/db",
    from: "app",
    except: ["./db", "./lib"],
    message: "app/db is the schema and the client: it imports only shared helpers.",
  },
  {
    target: ["app/config", "app/mail", "app/storage"],
    from: [
      "app/domain",
      "app/routes",
      "app/components",
      "app/startup",
      "app/root.tsx",
      "app/context.server.ts",
    ],
    message: "Configuration, mail and storage serve the domain: they import none of it.",
  },
  {
    target: "app/domain",
    from: [
      "app/routes",
      "app/components",
      "app/startup",
      "app/root.tsx",
      "app/entry.server.tsx",
      "app/context.server.ts",
    ],
    message:
      "The domain takes the database and the services it needs, never a request's context, and knows nothing of routes or components.",
  },
  {
    target: "app/startup",
    from: ["app/routes", "app/components", "app/root.tsx", "app/context.server.ts"],
    message: "Start-up calls the domain; it knows nothing of pages.",
  },
  {
    target: "app/components",
    from: ["app/routes", "app/startup", "app/root.tsx"],
    message: "Components take what routes give them; they import no route.",
  },
  {
    target: "app/routes",
    from: ["app/db", "app/startup"],
    message: "Routes reach the database through the domain.",
  },
  {
    target: "app",
    from: "server",
    message: "server/ is the HTTP shell around the app: the app never imports it.",
  },
  {
    target: ["app/components/**", "app/lib/**", "app/domain/**/!(*.server|*.test|*.server.test).{ts,tsx}"],
    from: SERVER_CODE,
    message: "Code the browser may load imports no server code (*.server.ts, app/db, server/).",
  },
];

export default tseslint.config(
  { ignores: ["**/build/", "data/", "**/.react-router/", "node_modules/", "tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without the TypeScript extensions the plugin reads no .ts module's imports: no cycle is seen.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: importBoundaries }],
    },
  },
  {
    files: ["scripts/**", "bench/**", "server.js"],
    rules: { "no-console": "off" },
  },
);
