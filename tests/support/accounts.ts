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

/** A random valid CNPJ (both check digits computed), for PJ test customers. */
export function randomCnpj(): string {
  const root = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join("");
  return withCnpjCheckDigits(`${root}0001`);
}

const CNPJ_BASE_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A random valid alphanumeric CNPJ (as issued since July 2026), with at least one letter. */
export function randomAlphanumericCnpj(): string {
  const base = Array.from({ length: 12 }, () => CNPJ_BASE_CHARACTERS[Math.floor(Math.random() * 36)]!);
  base[Math.floor(Math.random() * 12)] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(Math.random() * 26)]!;
  return withCnpjCheckDigits(base.join(""));
}

/** 12 letters or digits and their 2 check digits (each character counts as its ASCII code - 48). */
function withCnpjCheckDigits(base: string): string {
  let cnpj = base;
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((total, weight, index) => total + weight * (cnpj.charCodeAt(index) - 48), 0);
    const rest = sum % 11;
    cnpj += String(rest < 2 ? 0 : 11 - rest);
  }
  return cnpj;
}

/** A CNPJ as a person types it: masked, in lower case. */
export function maskedLowerCaseCnpj(cnpj: string): string {
  const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
  return masked.toLowerCase();
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

/**
 * Signs up a PF customer through the store's own /auth action, as a browser form would; `headers`
 * are what that browser adds (its Origin, say).
 */
export async function signUpCustomer(
  baseURL: string,
  overrides: Partial<Customer> = {},
  headers: Record<string, string> = {},
): Promise<Customer> {
  sequence += 1;
  const customer = {
    name: `Cliente Teste ${sequence}`,
    email: `cliente-${Date.now()}-${sequence}@example.com`,
    password: "senha-segura-1",
    cpf: randomCpf(),
    ...overrides,
  };
  return signUp(baseURL, customer, { userType: "PF", cpf: customer.cpf }, headers);
}

export interface Company extends Omit<Customer, "cpf"> {
  cnpj: string;
  website: string;
}

/** Signs up a PJ customer (CNPJ and company website) through the store's own /auth action. */
export async function signUpCompany(baseURL: string, overrides: Partial<Company> = {}): Promise<Company> {
  sequence += 1;
  const company = {
    name: `Empresa Teste ${sequence} Ltda`,
    email: `empresa-${Date.now()}-${sequence}@example.com`,
    password: "senha-segura-1",
    cnpj: randomCnpj(),
    website: "https://empresa.example.com",
    ...overrides,
  };
  return signUp(baseURL, company, {
    userType: "PJ",
    cnpj: company.cnpj,
    companyWebsite: company.website,
  });
}

async function signUp<T extends { name: string; email: string; password: string }>(
  baseURL: string,
  customer: T,
  document: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<T & Pick<Customer, "cookies">> {
  const form = new URLSearchParams({
    intent: "signup",
    ...document,
    name: customer.name,
    phone: "11987654321",
    email: customer.email,
    password: customer.password,
  });
  const response = await fetch(`${baseURL}/auth`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "X-Forwarded-For": randomClientIp(), ...headers },
  });
  const cookies = sessionCookies(response);
  if (cookies.length === 0) {
    throw new Error(`O cadastro de teste falhou (${response.status}): ${await response.text()}`);
  }
  return { ...customer, cookies };
}

/**
 * The store's first admin, made at start-up from ADMIN_EMAIL and ADMIN_PASSWORD (the browser
 * suite's store is started with these): an account without a profile.
 */
export const STORE_ADMIN = {
  email: "admin@vitrine.test",
  password: "senha-do-admin-de-teste",
  /** ADMIN_PANEL_PASSWORD: the admin gate's. */
  gatePassword: "portao-do-painel-de-teste",
};

/** Signs in through the store's own /auth action and answers the session cookie. */
export async function signIn(
  baseURL: string,
  account: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Pick<Customer, "cookies">> {
  const response = await fetch(`${baseURL}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", ...account }),
    redirect: "manual",
    headers: { "X-Forwarded-For": randomClientIp(), ...headers },
  });
  const cookies = sessionCookies(response);
  if (cookies.length === 0) {
    throw new Error(`A entrada de teste falhou (${response.status}): ${await response.text()}`);
  }
  return { cookies };
}

/** The session cookie a response set, as name and value; none when it set no session. */
function sessionCookies(response: Response): Customer["cookies"] {
  const cookies = response.headers.getSetCookie().map((cookie) => {
    const [pair] = cookie.split(";", 1);
    const [name, ...value] = pair!.split("=");
    return { name: name!, value: value.join("=") };
  });
  return cookies.some((cookie) => cookie.name.endsWith("session_token")) ? cookies : [];
}

/** The Cookie header of a signed-in customer's requests. */
export function cookieHeader(customer: Pick<Customer, "cookies">): string {
  return customer.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** Puts a customer's session into a browser context: its pages are then signed in. */
export async function signInContext(
  context: BrowserContext,
  baseURL: string,
  customer: Pick<Customer, "cookies">,
) {
  await context.addCookies(customer.cookies.map((cookie) => ({ ...cookie, url: baseURL })));
}
