import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { loadEnv } from "../../app/config/env.server";
import { authCall, type ServerContext } from "../../app/context.server";
import { signUpSchema, type SignUpInput } from "../../app/domain/accounts/account-schemas";
import { cookieHeader } from "../../app/domain/accounts/auth-endpoints.server";
import { createAuth } from "../../app/domain/accounts/auth.server";
import { readSession } from "../../app/domain/accounts/session.server";
import { signInProvidersOf } from "../../app/domain/accounts/sign-in-providers.server";
import { signUp } from "../../app/domain/accounts/sign-in.server";
import { paymentProvidersOf } from "../../app/domain/payments/providers/registry.server";
import { storefrontSettings } from "../../app/domain/store-settings/store-settings.server";
import { createLocalFileStorage } from "../../app/storage/local-file-storage.server";
import { randomCpf } from "./accounts";
import { createAddress } from "./factories";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_BASE_URL = "http://localhost:3000";

let clients = 0;

/** A new client address (documentation range), so rate limits count each test client apart. */
export function nextClientIp(): string {
  clients += 1;
  return `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

/** What loaders and actions receive, around a test database. */
export function createTestContext(
  database: TestDatabase,
  clientIp = nextClientIp(),
  /** Variables of the store's environment, e.g. OIDC_ISSUER. */
  variables: NodeJS.ProcessEnv = {},
): ServerContext {
  const logger = pino({ level: "silent" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-context-"));
  const env = loadEnv({ DATA_DIR: dataDir, ...variables });
  return {
    db: database.db,
    auth: createAuth({
      db: database.db,
      secret: "s".repeat(48),
      baseURL: TEST_BASE_URL,
      https: false,
      logger,
      store: () => storefrontSettings(database.db, env),
      providers: signInProvidersOf(env),
    }),
    storage: createLocalFileStorage(dataDir),
    ...paymentProvidersOf({ env, db: database.db, baseURL: TEST_BASE_URL }),
    env,
    baseURL: TEST_BASE_URL,
    clientIp,
    logger,
    cspNonce: "",
    shownProducts: new Set(),
    endOrderTurn: () => undefined,
  };
}

/** A browser request carrying the cookies an auth answer set. */
export function requestWithCookies(headers: Headers, url = `${TEST_BASE_URL}/account`): Request {
  return new Request(url, { headers: { cookie: cookieHeader(headers) } });
}

/** What `setUpTestStore` gives a test file: its database and a loader context on it. */
export type TestStore = ReturnType<typeof setUpTestStore>;

/** A fresh database and a loader context on it for one test file, removed after the file. */
export function setUpTestStore() {
  let context: ServerContext;
  const store = {
    database: undefined as unknown as TestDatabase,
    /** A request's context: a new one at each use, as the HTTP shell makes one per request. */
    get context(): ServerContext {
      return { ...context };
    },
  };
  beforeAll(async () => {
    store.database = await createTestDatabase();
    context = createTestContext(store.database);
  });
  afterAll(() => store.database.destroy());
  return store;
}

export interface SignedUpCustomer {
  id: string;
  email: string;
  password: string;
  cpf: string;
  /** The Cookie header of the customer's requests. */
  cookie: string;
  /** The sign-up's answer headers (its session cookie). */
  headers: Headers;
}

/**
 * An account signed up through the sign-up use case with `input` (a person's or a company's),
 * from a client address of its own (as real customers do: sign-up is rate-limited per client),
 * and signed in.
 */
export async function signUpWith(store: { context: ServerContext }, input: SignUpInput) {
  const context = { ...store.context, clientIp: nextClientIp() };
  const outcome = await signUp(
    context.db,
    context.logger,
    authCall(context, new Request(`${TEST_BASE_URL}/auth`)),
    input,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  const user = (await readSession(store.context, requestWithCookies(outcome.headers))).user!;
  return { id: user.id, cookie: cookieHeader(outcome.headers), headers: outcome.headers };
}

/** A PF customer signed up and signed in, as `signUpWith` does. */
export async function signUpInStore(
  store: { context: ServerContext },
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<SignedUpCustomer> {
  const cpf = randomCpf();
  const input = signUpSchema.parse({
    userType: "PF",
    name: overrides.name ?? "Maria Compradora",
    cpf,
    phone: "11987654321",
    email: overrides.email ?? `cliente-${randomUUID()}@example.com`,
    password: overrides.password ?? "segredo1",
  });
  const account = await signUpWith(store, input);
  return { ...account, email: input.email, password: input.password, cpf };
}

/** A signed-up customer with an address to deliver to: who checks out in a test. */
export interface Buyer extends SignedUpCustomer {
  addressId: string;
}

/** A new customer, signed up as `signUpInStore` does, with the test address (Avenida Paulista). */
export async function signUpBuyer(store: { context: ServerContext; database: TestDatabase }): Promise<Buyer> {
  const customer = await signUpInStore(store);
  const address = await createAddress(store.database.db, customer.id);
  return { ...customer, addressId: address.id };
}
