import { randomUUID } from "node:crypto";
import { DEMO_CATALOG, type DemoProduct } from "../../app/startup/seed/demo-catalog";
import type { PixPayment } from "../../app/domain/payments/pix-payment";
import { cookieHeader, type Customer } from "./accounts";
import { randomClientIp } from "./browser";
import { TEST_ADDRESS } from "./factories";

/**
 * A customer's orders made over HTTP, as the store's own pages make them, for tests whose subject
 * comes after checkout (the order list, the payment pages).
 */
type SignedIn = Pick<Customer, "cookies">;

/** A demo product with its id: on the suite's fresh store, ids follow the catalogue's order. */
export function demoProduct(name: string): DemoProduct & { id: number; variantId: number } {
  const index = DEMO_CATALOG.findIndex((product) => product.name === name);
  if (index === -1) throw new Error(`Produto de demonstração desconhecido: ${name}`);
  // The seed gives each demo product, in the catalogue's order, its variants (or one default
  // variant): the id of its first one follows those of the products before it.
  const variantsBefore = DEMO_CATALOG.slice(0, index).reduce(
    (count, product) => count + (product.variants?.length ?? 1),
    0,
  );
  return { ...DEMO_CATALOG[index]!, id: index + 1, variantId: variantsBefore + 1 };
}

async function send(baseURL: string, who: SignedIn, path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(`${baseURL}${path}`, {
    ...init,
    redirect: "manual",
    headers: { ...init.headers, cookie: cookieHeader(who), "X-Forwarded-For": randomClientIp() },
  });
  if (!response.ok) throw new Error(`${path} respondeu ${response.status}: ${await response.text()}`);
  return response;
}

/** Adds the customer's address (Avenida Paulista, 1000) and answers its id. */
export async function addAddressOverHttp(baseURL: string, who: SignedIn): Promise<string> {
  await send(baseURL, who, "/account/addresses", {
    method: "POST",
    body: new URLSearchParams({ intent: "create", ...TEST_ADDRESS }),
  });
  // The customer's data export (LGPD) is where a customer reads their addresses' ids.
  const data = (await (await send(baseURL, who, "/account/data", {})).json()) as {
    enderecos: { id: string }[];
  };
  return data.enderecos[0]!.id;
}

/** Adds one unit of the product (its default variant) to the customer's cart, as its page's button does. */
export async function addToCartOverHttp(baseURL: string, who: SignedIn, productId: number): Promise<void> {
  await send(baseURL, who, "/api/cart", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ intent: "add", productId }),
  });
}

export interface PlacedOrder {
  orderId: string;
  pixData: PixPayment;
}

/** A line of the checkout's cart; what the server does not read (name, price, image) has defaults. */
export interface CheckoutLine {
  id: number;
  /** The line's variant; without it, the product's default variant. */
  variantId?: number;
  quantity: number;
  name?: string;
  category?: string;
  /** The price the browser shows, in reais: the server charges its own. */
  price?: number;
  image?: string;
}

/** The checkout's JSON body, as the confirmation dialog sends it, for a buyer's CPF and address. */
export function checkoutBody(
  buyer: { cpf: string; addressId: string; email?: string },
  lines: CheckoutLine[],
) {
  return {
    products: lines.map((line) => ({
      name: "Produto",
      category: "Acessórios",
      price: 1,
      image: "/placeholder.svg",
      ...line,
    })),
    customer: {
      name: "Maria Compradora",
      email: buyer.email ?? "maria@example.com",
      phone: "11987654321",
      taxId: buyer.cpf,
    },
    addressId: buyer.addressId,
  };
}

/** `quantity` of a demo product as a checkout line, with the price the catalogue shows. */
export function demoLine(product: DemoProduct & { id: number }, quantity: number): CheckoutLine {
  const { id, name, category, priceCents } = product;
  return { id, name, category, price: priceCents / 100, quantity };
}

/**
 * Posts a checkout to a started store from a page of its own (Origin), answering the response as
 * it comes, whatever its status: for tests of failures and retries (a retry repeats the key).
 */
export function postCheckoutOverHttp(
  baseURL: string,
  cookie: string,
  body: unknown,
  idempotencyKey: string = randomUUID(),
): Promise<Response> {
  return fetch(`${baseURL}/api/create-payment`, {
    method: "POST",
    headers: {
      cookie,
      origin: baseURL,
      "content-type": "application/json",
      "idempotency-key": idempotencyKey,
    },
    body: JSON.stringify(body),
  });
}

/** Checks out `quantity` of `product` to the address, as the confirmation dialog does. */
export async function placeOrderOverHttp(
  baseURL: string,
  who: SignedIn & { cpf: string },
  addressId: string,
  product: DemoProduct & { id: number },
  quantity = 1,
): Promise<PlacedOrder> {
  const response = await send(baseURL, who, "/api/create-payment", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify(checkoutBody({ cpf: who.cpf, addressId }, [demoLine(product, quantity)])),
  });
  const answer = (await response.json()) as { success: boolean; orderId: string; pixData: PixPayment };
  if (!answer.success) throw new Error(`O pedido de teste falhou: ${JSON.stringify(answer)}`);
  return { orderId: answer.orderId, pixData: answer.pixData };
}

/** The sandbox's customer pays the order's PIX charge, away from any page the test has open. */
export async function payOverHttp(baseURL: string, who: SignedIn, orderId: string): Promise<void> {
  const response = await send(baseURL, who, "/api/sandbox/payment", {
    method: "POST",
    body: new URLSearchParams({ orderId }),
  });
  const answer = (await response.json()) as { paid?: boolean };
  if (!answer.paid) throw new Error(`O pagamento de teste falhou: ${JSON.stringify(answer)}`);
}

/** The customer's 'Excluir Pedido': an unpaid order is cancelled and its stock returned. */
export async function deleteOrderOverHttp(baseURL: string, who: SignedIn, orderId: string): Promise<void> {
  await send(baseURL, who, "/account/orders", {
    method: "POST",
    body: new URLSearchParams({ intent: "delete", orderId }),
  });
}

/** The link the checkout sends the customer to, with the order's PIX data. */
export function paymentPath({ orderId, pixData }: PlacedOrder): string {
  return `/payment?data=${encodeURIComponent(JSON.stringify(pixData))}&orderId=${orderId}`;
}
