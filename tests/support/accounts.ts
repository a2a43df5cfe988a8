import type { BrowserContext } from "playwright-core";
import { randomClientIp } from "./browser";

/** A random valid CPF (both check digits computed), so every test customer is unique. */
export function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return new Set(digits).size === 1 ? randomCpf() : digits.join("");
}

export interface Customer {
  name: string;
  email: string;
  password: string;
  cpf: string;
  /** The session cookie the sign-up answered with. */
  cookies: { name: string; value: string }[];
}

let sequence = 0;

/** Signs up a PF customer through the store's own /auth action, as a browser form would. */
export async function signUpCustomer(baseURL: string, overrides: Partial<Customer> = {}): Promise<Customer> {
  sequence += 1;
  const customer = {
    name: `Cliente Teste ${sequence}`,
    email: `cliente-${Date.now()}-${sequence}@example.com`,
    password: "senha-segura-1",
    cpf: randomCpf(),
    ...overrides,
  };
  const form = new URLSearchParams({
    intent: "signup",
    userType: "PF",
    name: customer.name,
    cpf: customer.cpf,
    phone: "11987654321",
    email: customer.email,
    password: customer.password,
  });
  const response = await fetch(`${baseURL}/auth`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "X-Forwarded-For": randomClientIp() },
  });
  return { ...customer, cookies: await sessionCookies(response, "O cadastro de teste") };
}

/** Signs in an existing account through the store's /auth action: its session cookies. */
export async function signInAccount(baseURL: string, email: string, password: string) {
  const response = await fetch(`${baseURL}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email, password }),
    redirect: "manual",
    headers: { "X-Forwarded-For": randomClientIp() },
  });
  return sessionCookies(response, "O login de teste");
}

/** The cookies an auth answer set; it must have opened a session. */
async function sessionCookies(response: Response, what: string) {
  const cookies = response.headers.getSetCookie().map((cookie) => {
    const [pair] = cookie.split(";", 1);
    const [name, ...value] = pair!.split("=");
    return { name: name!, value: value.join("=") };
  });
  if (!cookies.some((cookie) => cookie.name.endsWith("session_token"))) {
    throw new Error(`${what} falhou (${response.status}): ${await response.text()}`);
  }
  return cookies;
}

/** The Cookie header that sends these cookies. */
export function cookieHeaderOf(cookies: { name: string; value: string }[]): string {
  return cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}

/** Puts a customer's session into a browser context: its pages are then signed in. */
export async function signInContext(context: BrowserContext, baseURL: string, customer: Customer) {
  await context.addCookies(customer.cookies.map((cookie) => ({ ...cookie, url: baseURL })));
}
