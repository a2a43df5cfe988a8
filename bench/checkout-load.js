// The checkout benchmarks' load (`npm run bench:checkout`, `npm run bench:rolling`): buyers signed
// up through the store's own form, their addresses and the products written by SQL, and the
// orders each buyer places one after another, as the checkout page sends them.
import http from "node:http";
import { randomUUID } from "node:crypto";

// Several products share the buyers, so orders mostly lock different rows (a store sells more
// than one product), yet some buyers do wait on each other as on a popular product.
const HOT_PRODUCTS = 5;
const HOT_STOCK = 1_000_000;
export const RACE_STOCK = 100;
// A well-formed order id that names no order: the payment status answers 404 after the session.
const NO_ORDER = "00000000-0000-0000-0000-000000000000";
const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Buyers and products
// ---------------------------------------------------------------------------------------------

/** A random valid CPF (both check digits computed), as tests/support/accounts.ts makes them. */
function randomCpf() {
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

/**
 * Signs up a PF buyer through the store's own /auth form. Each buyer comes from its own address
 * (the store trusts loopback proxies' X-Forwarded-For), as sign-up is limited per client.
 */
export async function signUpBuyer(store, index) {
  const buyer = {
    index,
    // Letters only: the checkout's customer name refuses digits.
    name: `Comprador ${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`,
    email: `comprador-${index}-${randomUUID().slice(0, 8)}@example.com`,
    cpf: randomCpf(),
    phone: "11987654321",
  };
  const response = await fetch(`${store.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({
      intent: "signup",
      userType: "PF",
      name: buyer.name,
      cpf: buyer.cpf,
      phone: buyer.phone,
      email: buyer.email,
      password: "senha-segura-1",
    }),
    redirect: "manual",
    headers: {
      "X-Forwarded-For": `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      Origin: store.url,
    },
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";", 1)[0]);
  if (!cookies.some((cookie) => cookie.split("=", 1)[0].endsWith("session_token"))) {
    throw new Error(`cadastro do comprador ${index} falhou (${response.status})`);
  }
  return { ...buyer, cookie: cookies.join("; ") };
}

/**
 * Each buyer's delivery address and the products, written straight into the database (the
 * benchmark measures checkout, not the address form). Products are inserted by SQL as the admin
 * would create them; the race product has exactly RACE_STOCK units.
 */
export async function seed(query, buyers) {
  for (const buyer of buyers) {
    const [user] = await query(`select id from users where email = $1`, [buyer.email]);
    const [address] = await query(
      `insert into addresses (user_id, cep, street, number, neighborhood, city, state, is_default)
       values ($1, '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP', true)
       returning id`,
      [user.id],
    );
    buyer.addressId = address.id;
  }
  // A product without options, sold as its one default variant (decision 0030), which holds its stock.
  const insertProduct = async (name, stock) => {
    const [product] = await query(
      `insert into products (name, description, price_cents, price_max_cents, category)
       values ($1, 'Produto do benchmark de checkout', 19990, 19990, 'Benchmark')
       returning id, name, category, price_cents as "priceCents", image`,
      [name],
    );
    await query(
      `insert into product_variants (product_id, sku, price_cents, stock) values ($1, $2, 19990, $3)`,
      [product.id, `VTR-${product.id}`, stock],
    );
    // price_cents is int8: node-postgres reads it as a string.
    return { ...product, stock, priceCents: Number(product.priceCents) };
  };
  const hot = [];
  for (let index = 0; index < HOT_PRODUCTS; index++)
    hot.push(await insertProduct(`Produto estoque alto ${index + 1}`, HOT_STOCK));
  const race = await insertProduct("Produto estoque 100", RACE_STOCK);
  return { hot, race };
}

// ---------------------------------------------------------------------------------------------
// Requests and the buyers' loop
// ---------------------------------------------------------------------------------------------

/** One order of one unit, as the checkout page sends it: a fresh Idempotency-Key per attempt. */
export async function createOrder(store, buyer, product) {
  const body = JSON.stringify({
    products: [
      {
        id: product.id,
        name: product.name,
        category: product.category,
        price: product.priceCents / 100,
        image: product.image,
        quantity: 1,
      },
    ],
    customer: { name: buyer.name, email: buyer.email, phone: buyer.phone, taxId: buyer.cpf },
    addressId: buyer.addressId,
  });
  return timed(async () => {
    const { status, answer } = await jsonRequest(`${store.url}/api/create-payment`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
        Cookie: buyer.cookie,
        // The store refuses cross-origin writes: this is its own checkout page's request.
        Origin: store.url,
      },
      body,
    });
    if (status === 200 && answer.success === true && answer.orderId) return null;
    return answer.error ?? `HTTP ${status}`;
  });
}

/** The cheap signed-in request: the session is read, then no order is found (404). */
export function signedInRequest(store, buyer) {
  return timed(async () => {
    const { status, answer } = await jsonRequest(`${store.url}/api/orders/${NO_ORDER}/payment`, {
      headers: { Cookie: buyer.cookie },
    });
    return status === 404 && answer.error === "Pedido não encontrado" ? null : `HTTP ${status}`;
  });
}

/**
 * The buyers' requests, on kept-alive connections through node:http: the load client shares the
 * machine's two CPUs with the store and the database, and fetch costs it about 2 ms of CPU per
 * order where this costs a fraction (the buyers' own CPU is not the store's throughput).
 */
const buyersAgent = new http.Agent({ keepAlive: true });

/**
 * One request on the buyers' connections: its status and its JSON answer (empty when not JSON).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
 */
export function jsonRequest(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, agent: buyersAgent, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          let answer = {};
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // Not JSON: the status tells what went wrong.
          }
          resolve({ status: response.statusCode, answer });
        });
      },
    );
    request.on("timeout", () =>
      request.destroy(Object.assign(new Error("tempo esgotado"), { name: "TimeoutError" })),
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Latency of one request and its error (null when it did what was asked). */
export async function timed(request) {
  const started = performance.now();
  let error;
  try {
    error = await request();
  } catch (failure) {
    error = failure.name === "TimeoutError" ? "tempo esgotado" : `rede: ${failure.message}`;
  }
  return { ms: performance.now() - started, error };
}

/**
 * The buyers, each one request after another (a person waits for the answer before the next
 * order), until `keepGoing()` says stop. Buyer i talks to store i mod n: the load is split evenly.
 * Latency percentiles are over the successful requests; failures are tallied by message.
 */
export async function runBuyers(buyers, stores, request, keepGoing) {
  const latencies = [];
  const errors = new Map();
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer, index) => {
      const store = stores[index % stores.length];
      for (let iteration = 0; keepGoing(); iteration++) {
        const { ms, error } = await request(store, buyer, iteration);
        if (error === null) latencies.push(ms);
        else errors.set(error, (errors.get(error) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    failed: [...errors.values()].reduce((total, count) => total + count, 0),
    errors,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const percentile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
export const forSeconds = (seconds) => {
  const deadline = performance.now() + seconds * 1000;
  return () => performance.now() < deadline;
};

/** Buyer i orders the hot products in turn, starting from a different one than its neighbour. */
export const orderHotProducts = (hot) => (store, buyer, iteration) =>
  createOrder(store, buyer, hot[(buyer.index + iteration) % hot.length]);
