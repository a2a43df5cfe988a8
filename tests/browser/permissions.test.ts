import { suiteStoreURL } from "../support/browser";
import { describe, expect, it } from "vitest";
import { cookieHeader, type Customer, randomCpf, signUpCustomer } from "../support/accounts";

const baseURL = suiteStoreURL();

/** A form post as the customer's browser would send it, answered as route data. */
function post(customer: Customer, path: string, fields: Record<string, string>) {
  return fetch(`${baseURL}${path}.data`, {
    method: "POST",
    headers: { cookie: cookieHeader(customer), "X-Forwarded-For": "198.51.100.20" },
    body: new URLSearchParams(fields),
  }).then((response) => response.text());
}

function page(customer: Customer, path: string) {
  return fetch(`${baseURL}${path}`, { headers: { cookie: cookieHeader(customer) } }).then((response) =>
    response.text(),
  );
}

describe("one customer's data, through the routes, for another", () => {
  it("answers 'not found' for another customer's address, and changes nothing", async () => {
    const alice = await signUpCustomer(baseURL);
    const bruno = await signUpCustomer(baseURL);
    await post(alice, "/account/addresses", {
      intent: "create",
      cep: "01310-100",
      street: "Rua Secreta da Alice",
      number: "7",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
    });
    const alicePage = await page(alice, "/account/addresses");
    const addressId =
      /"id","([0-9a-f-]{36})"/.exec(alicePage)?.[1] ??
      /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(alicePage)?.[1];
    expect(addressId).toBeDefined();

    const attempts: Record<string, string>[] = [
      {
        intent: "update",
        id: addressId!,
        cep: "01310100",
        street: "Invadida",
        number: "1",
        neighborhood: "X",
        city: "Y",
        state: "SP",
      },
      { intent: "set-default", id: addressId! },
      { intent: "delete", id: addressId! },
    ];
    for (const fields of attempts) {
      expect(await post(bruno, "/account/addresses", fields)).toContain("Endereço não encontrado");
    }
    expect(await page(bruno, "/account/addresses")).not.toContain("Rua Secreta da Alice");
    const after = await page(alice, "/account/addresses");
    expect(after).toContain("Rua Secreta da Alice");
    expect(after).not.toContain("Invadida");
  });

  it("never lets a sign-up make itself an admin", async () => {
    const form = new URLSearchParams({
      intent: "signup",
      userType: "PF",
      name: "Quer Ser Admin",
      cpf: randomCpf(),
      phone: "11987654321",
      email: `admin-falso-${Date.now()}@example.com`,
      password: "segredo1",
      role: "admin",
    });
    const response = await fetch(`${baseURL}/auth`, {
      method: "POST",
      body: form,
      headers: { "X-Forwarded-For": "198.51.100.21" },
      redirect: "manual",
    });
    const cookie = response.headers
      .getSetCookie()
      .map((setCookie) => setCookie.split(";", 1)[0])
      .join("; ");
    const account = await (await fetch(`${baseURL}/account`, { headers: { cookie } })).text();
    expect(account).toContain("Cliente");
    expect(account).not.toContain('href="/admin"');
  });
});
