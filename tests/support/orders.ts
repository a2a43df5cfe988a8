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
export function demoProduct(name: string): DemoProduct & { id: number } {
  const index = DEMO_CATALOG.findIndex((product) => product.name === name);
  if (index === -1) throw new Error(`Produto de demonstração desconhecido: ${name}`);
  return { ...DEMO_CATALOG[index]!, id: index + 1 };
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

export interface PlacedOrder {
  orderId: string;
  pixData: PixPayment;
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
    body: JSON.stringify({
      products: [
        {
          id: product.id,
          name: product.name,
          category: product.category,
          price: product.priceCents / 100,
          image: "/placeholder.svg",
          quantity,
        },
      ],
      customer: {
        name: "Maria Compradora",
        email: "maria@example.com",
        phone: "11987654321",
        taxId: who.cpf,
      },
      addressId,
    }),
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
