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
    target: "app/domain/payments",
    from: ["app/domain/orders", "app/domain/admin"],
    message:
      "Payments are the providers, their charges and prices: orders use them, and what a payment does to an order lives in app/domain/orders (decision 0014).",
  },
  {
    target: ["app/domain/orders", "app/domain/audit"],
    from: "app/domain/admin",
    message:
      "The admin's screens use orders and the audit log, not the other way round: an admin's write is recorded through app/domain/audit.",
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
    target: ["app/domain", "app/routes", "app/components", "app/startup"],
    from: "app/operations",
    message: "app/operations holds the operator's commands (backup, restore): the store imports none of it.",
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

/**
 * One place for every permission (issue 23). Routes reach the session through the guards of
 * `app/routes/guards.server.ts` (`requireUser`, `requireUserForJson`, `requireAdmin`…), so none
 * refuses a request with a copy of its own. The files listed read the session only to
 * personalise what anyone may get, and refuse nobody.
 */
const SESSION_READERS = {
  "app/routes/guards.server.ts": "the guards themselves",
  "app/routes/api.cart.ts": "its GET answers a visitor an empty cart; its POST goes through the guard",
  "app/routes/cart.tsx": "shows and changes a visitor's cart from its cookie, a customer's from the database",
  "app/routes/auth.tsx": "sends a signed-in customer on, shows a visitor the forms",
  "app/routes/checkout.tsx": "shows a visitor the page that asks them to sign in",
  "app/routes/payment.tsx": "shows the customer's own order as the server has it, else the link's data",
  "app/routes/product.tsx": "marks a signed-in customer's favourite",
  "app/routes/cart-restore.tsx":
    "an abandoned cart's link leads its customer to the cart, or to sign in first on another device",
  "app/routes/freight.tsx":
    "quotes a visitor's cart from its cookie, a customer's from the database, and offers the customer's CEP",
};

/**
 * An order is a customer's through one condition, `customerOrder` in
 * `app/domain/orders/customer-orders.server.ts` (theirs and not deleted from their list): no other
 * query of the domain filters `orders.userId` itself. The files listed take every order of an
 * account, deleted from the list or not, or every customer's.
 */
const ORDER_OWNER_READERS = {
  "app/domain/orders/customer-orders.server.ts": "the condition itself",
  "app/domain/orders/cancel-orders.server.ts": "closing an account cancels every unpaid order it has",
  "app/domain/orders/place-order.server.ts": "a retried checkout finds the order its Idempotency-Key made",
  "app/domain/accounts/personal-data.server.ts":
    "the LGPD export and erasure take every order of the account",
  "app/domain/admin/**": "the panel, behind requireAdmin, sees every order and its customer",
  "app/domain/marketing/payment-reminders.server.ts":
    "the reminders' job reads every customer's unpaid orders, each with its customer's consent",
  "app/domain/reviews/review-requests.server.ts":
    "the review requests' job reads every customer's delivered orders, each with its customer's consent",
  "app/domain/marketing/cart-reminders.server.ts":
    "a cart's reminder is not sent once its customer placed any order after its last change",
};

/** Schemas take `z` from app/lib/zod.ts, which sets how zod runs in the browser. */
const ZOD_IMPORT = {
  name: "zod",
  message: "Import z from app/lib/zod.ts: it makes zod parse without compiling code in the browser (CSP).",
};

export default tseslint.config(
  { ignores: ["**/build/", "**/builds/", "data/", "**/.react-router/", "node_modules/", "tmp/"] },
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
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/zod.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [ZOD_IMPORT] }] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: Object.keys(SESSION_READERS),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          // This block's options replace the one above for routes: zod's path is named again.
          paths: [ZOD_IMPORT],
          patterns: [
            {
              group: ["**/domain/accounts/session.server"],
              importNames: ["readSession"],
              message:
                "Routes reach the session through app/routes/guards.server.ts (requireUser, requireUserForJson, requireAdmin); a page that only personalises is listed in SESSION_READERS with its reason.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/guards.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value='Usuário não autenticado']",
          message: "A signed-out request is refused by the guards (requireUserForJson), not by each route.",
        },
      ],
    },
  },
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    ignores: Object.keys(ORDER_OWNER_READERS),
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='orders'][property.name='userId']",
          message:
            "A customer's order is `customerOrder(userId, orderId?)` (app/domain/orders/customer-orders.server.ts): their own and not deleted from their list.",
        },
      ],
    },
  },
  {
    files: ["scripts/**", "bench/**", "server.js"],
    rules: { "no-console": "off" },
  },
);
