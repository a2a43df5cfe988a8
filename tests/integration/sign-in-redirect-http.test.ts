import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, signUpCustomer, type Customer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { rawRequest, type RawResponse } from "../support/http";
import { NORMALISED_ESCAPES } from "../support/redirect-attacks";
import { setUpStartedStore } from "../support/started-store";

// Issue 23: `/auth?redirectTo=/.//evil.com` sent a signed-in customer to //evil.com, a page that
// can pose as the store's sign-in. Over HTTP, against a started store, as a phishing link is opened.

const started = setUpStartedStore({ SEED_DEMO: "false" });
let customer: Customer;
beforeAll(async () => {
  customer = await signUpCustomer(started.store.url);
});

const authPath = (redirectTo: string) => `/auth?redirectTo=${encodeURIComponent(redirectTo)}`;

/** The page a customer opens with a session: a signed-in visitor of /auth is sent on at once. */
const openSignedIn = (redirectTo: string) =>
  rawRequest(started.store.url, authPath(redirectTo), {
    headers: { cookie: cookieHeader(customer), "X-Forwarded-For": randomClientIp() },
  });

/** The Login tab's form, posted from the page the link opened. */
const signInFrom = (redirectTo: string) =>
  rawRequest(started.store.url, authPath(redirectTo), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: started.store.url,
      "X-Forwarded-For": randomClientIp(),
    },
    body: new URLSearchParams({
      intent: "login",
      email: customer.email,
      password: customer.password,
    }).toString(),
  });

function expectSentTo(answer: RawResponse, path: string) {
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe(path);
  expect(new URL(answer.headers.location!, started.store.url).origin).toBe(started.store.url);
}

describe("where /auth sends a customer after sign-in", () => {
  it("goes back to the store's page that asked for the sign-in", async () => {
    expectSentTo(await openSignedIn("/checkout"), "/checkout");
    const signedIn = await signInFrom("/checkout");
    expectSentTo(signedIn, "/checkout");
    expect(String(signedIn.headers["set-cookie"])).toMatch(/session_token=[^;]/);
  });

  it.each(NORMALISED_ESCAPES)(
    "sends a signed-in visitor of redirectTo=%s to the account, not to another site",
    async (attack) => {
      expectSentTo(await openSignedIn(attack), "/account");
    },
  );

  it.each(NORMALISED_ESCAPES)(
    "signs in from redirectTo=%s and goes to the account, not to another site",
    async (attack) => {
      const signedIn = await signInFrom(attack);
      expectSentTo(signedIn, "/account");
      expect(String(signedIn.headers["set-cookie"])).toMatch(/session_token=[^;]/);
    },
  );
});
