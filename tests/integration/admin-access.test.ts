import { randomUUID } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { cookieHeader, signIn, signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { rawRequest, type RawResponse } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

const ADMIN = { email: "admin@vitrine.local", password: "senha-do-admin-1" };
const GATE_PASSWORD = "portao-do-painel-1";
/** Text only a panel section that loaded its data shows. */
const PANEL_DATA = "Faturamento Total";
/** Where the panel sends an admin who has not passed the gate in this session. */
const GATE_PAGE = "/admin/gate";

const started = setUpStartedStore({
  SEED_DEMO: "false",
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_PANEL_PASSWORD: GATE_PASSWORD,
});

interface AdminRoute {
  path: string;
  /** A page (a `.tsx` module with a component) also answers the router's `.data` requests. */
  page: boolean;
}

/** Every admin route of the app's own route table, with made-up values for its parameters. */
function adminRoutes(entries: RouteConfigEntry[] = routes, parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join("/");
    const own = /^(admin|api\/admin)(\/|$)/.test(path)
      ? [
          {
            path: `/${path}`.replace(/:(\w+)/g, (_, name: string) => PARAMETERS[name] ?? "x"),
            page: entry.file.endsWith(".tsx"),
          },
        ]
      : [];
    return [...own, ...adminRoutes(entry.children ?? [], path)];
  });
}

const PARAMETERS: Record<string, string> = {
  orderId: randomUUID(),
  productId: "1",
  imageId: "1",
  userId: "x",
  couponId: "1",
};

const ROUTES = adminRoutes().filter(
  (route, index, all) => all.findIndex((other) => other.path === route.path) === index,
);
const PATHS = ROUTES.map((route) => route.path);

/** Each path as a page and as a direct POST, and a page's data requests too. */
const REQUESTS = ROUTES.flatMap(({ path, page }) => [
  { method: "GET", path },
  { method: "POST", path },
  ...(page
    ? [
        { method: "GET", path: `${path}.data` },
        { method: "POST", path: `${path}.data` },
      ]
    : []),
]);

function send(request: { method: string; path: string }, cookie?: string, body = "intent=x") {
  return rawRequest(started.store.url, request.path, {
    method: request.method,
    headers: {
      ...(cookie ? { cookie } : {}),
      "X-Forwarded-For": randomClientIp(),
      ...(request.method === "POST"
        ? { "Content-Type": "application/x-www-form-urlencoded", Origin: started.store.url }
        : {}),
    },
    body: request.method === "POST" ? body : undefined,
  });
}

/**
 * A POST to a route without an action (405), or a GET to a resource route without a loader (400):
 * React Router answers before any of the route's code runs, so there is nothing to guard.
 */
const nothingToRun = (request: { method: string }, answer: RawResponse) =>
  request.method === "POST" ? answer.status === 405 : answer.status === 400;

/**
 * Where an answer sends the browser: a Location header, or a data request's encoded redirect;
 * else its status, for the failure message.
 */
function redirectTarget(answer: RawResponse): string {
  if (answer.status >= 300 && answer.status < 400) return String(answer.headers.location);
  const encoded = /"redirect",\s*"([^"]+)"/.exec(answer.body);
  return answer.status === 202 && encoded ? encoded[1]! : `status ${answer.status}`;
}

function gate(cookie: string, password: string, ip = randomClientIp()) {
  return rawRequest(started.store.url, "/api/admin/verify-password", {
    method: "POST",
    headers: {
      cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: started.store.url,
      "X-Forwarded-For": ip,
    },
    body: new URLSearchParams({ password }).toString(),
  });
}

async function adminCookie(): Promise<string> {
  return cookieHeader(await signIn(started.store.url, ADMIN));
}

describe("admin routes", () => {
  it("are all found in the route table", () => {
    expect(PATHS).toContain("/admin");
    expect(PATHS).toContain("/api/admin/verify-password");
  });

  it("send a visitor to /auth, with nothing of the panel", async () => {
    for (const request of REQUESTS) {
      const answer = await send(request);
      expect(answer.body).not.toContain(PANEL_DATA);
      if (nothingToRun(request, answer)) continue;
      expect(redirectTarget(answer), `${request.method} ${request.path}`).toMatch(/^\/auth\b/);
    }
  });

  it("send a customer to the home page, with nothing of the panel", async () => {
    const customer = await signUpCustomer(started.store.url);
    const cookie = cookieHeader(customer);
    for (const request of REQUESTS) {
      const answer = await send(request, cookie, `password=${GATE_PASSWORD}`);
      expect(answer.body).not.toContain(PANEL_DATA);
      if (nothingToRun(request, answer)) continue;
      expect(redirectTarget(answer), `${request.method} ${request.path}`).toBe("/");
    }
    // The right gate password changes nothing for a customer.
    expect(redirectTarget(await send({ method: "GET", path: "/admin" }, cookie))).toBe("/");
  });

  it("send an admin who has not passed the gate to the gate's page, and refuse their writes", async () => {
    const cookie = await adminCookie();
    for (const request of REQUESTS) {
      const answer = await send(request, cookie);
      expect(answer.body).not.toContain(PANEL_DATA);
      const gate =
        request.path.startsWith("/api/admin/verify-password") || request.path.startsWith(GATE_PAGE);
      if (gate || nothingToRun(request, answer)) continue;
      const pagePath = request.path.replace(/\.data$/, "");
      // A form's data request is refused by the action's guard; a page (a plain form's post
      // too, once its action has refused it) opens the gate, which then opens the page asked for.
      const expected =
        request.method === "POST" && request.path.endsWith(".data")
          ? "status 403"
          : `redirect ${GATE_PAGE}?${new URLSearchParams({ redirectTo: pagePath })}`;
      const got = answer.status === 403 ? "status 403" : `redirect ${redirectTarget(answer)}`;
      expect(got, `${request.method} ${request.path}`).toBe(expected);
    }
    const gatePage = await send({ method: "GET", path: GATE_PAGE }, cookie);
    expect(gatePage.status).toBe(200);
    expect(gatePage.body).toContain("Painel de Administração");
  });

  it("open to an admin once the gate is passed", async () => {
    const cookie = await adminCookie();
    expect((await gate(cookie, GATE_PASSWORD)).status).toBe(200);
    for (const path of PATHS.filter((path) => !path.startsWith("/api/"))) {
      const answer = await send({ method: "GET", path }, cookie);
      expect(answer.status, path).not.toBe(403);
      expect(answer.status, path).toBeLessThan(500);
    }
    const dashboard = await send({ method: "GET", path: "/admin" }, cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain(PANEL_DATA);
    expect(dashboard.body).not.toContain("Autenticação de Administrador");
  });
});

describe("the admin gate", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await adminCookie();
  });

  it("asks for a password when it is empty or blank", async () => {
    for (const password of ["", "   "]) {
      const answer = await gate(cookie, password);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ valid: false, message: "Por favor, digite a senha." });
    }
  });

  it("refuses a wrong password and stays closed", async () => {
    const answer = await gate(cookie, "senha-errada");
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ valid: false, message: "Senha incorreta" });
    expect((await send({ method: "GET", path: "/admin" }, cookie)).body).not.toContain(PANEL_DATA);
  });

  it("opens for this session only: another session and a new sign-in ask again", async () => {
    const answer = await gate(cookie, GATE_PASSWORD);
    expect(JSON.parse(answer.body)).toEqual({ valid: true, message: "Acesso autorizado!" });
    expect((await send({ method: "GET", path: "/admin" }, cookie)).body).toContain(PANEL_DATA);

    const otherSession = await adminCookie();
    expect(redirectTarget(await send({ method: "GET", path: "/admin" }, otherSession))).toMatch(
      /^\/admin\/gate\b/,
    );

    const signOut = await send({ method: "POST", path: "/auth/logout" }, cookie);
    expect(signOut.status).toBe(200);
    expect(redirectTarget(await send({ method: "GET", path: "/admin" }, cookie))).toMatch(/^\/auth\b/);
    const signedInAgain = await adminCookie();
    expect(redirectTarget(await send({ method: "GET", path: "/admin" }, signedInAgain))).toMatch(
      /^\/admin\/gate\b/,
    );
  });

  it("takes 5 tries a minute from one client, even with the right password after them", async () => {
    const session = await adminCookie();
    const ip = randomClientIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await gate(session, "senha-errada", ip)).status).toBe(403);
    }
    const limited = await gate(session, GATE_PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).message).toBe("Muitas tentativas. Aguarde um minuto e tente novamente.");
    expect(redirectTarget(await send({ method: "GET", path: "/admin" }, session))).toMatch(
      /^\/admin\/gate\b/,
    );
  });
});
