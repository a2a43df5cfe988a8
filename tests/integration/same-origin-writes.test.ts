import { expect, it } from "vitest";
import { signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// Issue 25: behind a proxy that passes `Host $host` (the port dropped), every form got 403 though
// the browser posted it from the store's own page, at PUBLIC_URL.

const publicUrl = "http://localhost:8080";
const started = setUpStartedStore({ PUBLIC_URL: publicUrl, SEED_DEMO: "false" });

/** The Login tab's form as a browser posts it from a page at `origin`, through a proxy that says `Host: localhost`. */
async function signInFrom(origin: string) {
  const customer = await signUpCustomer(started.store.url);
  return rawRequest(started.store.url, "/auth", {
    method: "POST",
    headers: {
      Host: "localhost",
      Origin: origin,
      "Sec-Fetch-Site": origin === publicUrl ? "same-origin" : "cross-site",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomClientIp(),
    },
    body: new URLSearchParams({
      intent: "login",
      email: customer.email,
      password: customer.password,
    }).toString(),
  });
}

it("takes a form posted from PUBLIC_URL's page though the proxy's Host lost the port", async () => {
  const answer = await signInFrom(publicUrl);
  expect(answer.body).not.toContain("Requisição de outra origem recusada");
  expect(answer.status).toBe(200);
  expect(String(answer.headers["set-cookie"])).toContain("session_token="); // signed in
});

it("still refuses a form posted from another site", async () => {
  const answer = await signInFrom("http://evil.example");
  expect(answer).toMatchObject({ status: 403, body: "Requisição de outra origem recusada" });
  expect(answer.headers["set-cookie"]).toBeUndefined();
});
