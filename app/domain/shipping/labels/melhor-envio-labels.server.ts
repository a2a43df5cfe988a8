import { centsToDecimalString } from "../../../lib/money";
import { z } from "../../../lib/zod";
import { ProviderError } from "../../payments/provider-http.server";
import { melhorEnvioHttp, type MelhorEnvioOptions } from "../freight/melhor-envio.server";

/** A sender or addressee as Melhor Envio's cart takes it. */
export interface LabelParty {
  name: string;
  /** Digits. */
  phone: string | null;
  email: string | null;
  /** A person's CPF (11 digits), or null for a company. */
  document: string | null;
  /** A company's CNPJ (14 characters; may be alphanumeric), or null for a person. */
  companyDocument: string | null;
  /** IE digits, "ISENTO", or null. */
  stateRegister: string | null;
  /** The street. */
  address: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  /** "SP" */
  stateAbbr: string;
  /** 8 digits. */
  postalCode: string;
}

export interface LabelShipment {
  /** Melhor Envio's service id (the number in the store's freight service code "melhorenvio:<id>"). */
  serviceId: number;
  from: LabelParty;
  to: LabelParty;
  products: { name: string; quantity: number; unitaryCents: number }[];
  volumes: { heightCm: number; widthCm: number; lengthCm: number; weightGrams: number }[];
  insuranceCents: number;
  /** The NF-e's 44-digit access key. */
  invoiceKey: string;
  /** The store's order number, shown in Melhor Envio's panel; and a link to it, or null. */
  tag: string;
  tagUrl: string | null;
}

/** A shipment as Melhor Envio keeps it (`GET /orders/{id}`). */
export interface MelhorEnvioShipment {
  id: string;
  /** "pending" (in the cart), "released" (paid), "generated", "posted", "delivered", "canceled", "undelivered", or another Melhor Envio status. */
  status: string;
  /** The carrier's tracking code once Melhor Envio has it (Correios' AA123456789BR), else null. */
  tracking: string | null;
}

/**
 * Melhor Envio's words on a refusal, Laravel-style: the fields' messages (`errors`) joined, else
 * `error`, else `message`.
 */
export const melhorEnvioRefusal = z
  .object({
    message: z.string().nullish(),
    error: z.string().nullish(),
    errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).nullish(),
  })
  .transform((answer, context) => {
    const fields = Object.values(answer.errors ?? {}).flat();
    const said = fields.length > 0 ? fields.join("; ") : answer.error || answer.message;
    if (said) return said;
    context.addIssue({ code: "custom", message: "recusa sem mensagem" });
    return z.NEVER;
  });

const cartItem = z.object({ id: z.string().min(1) });
const anything = z.unknown();
const generated = z.record(z.string(), z.object({ status: z.boolean(), message: z.string().nullish() }));
const printed = z.object({ url: z.url() });
const shipmentRead = z.object({
  id: z.string(),
  status: z.string(),
  tracking: z
    .string()
    .nullish()
    .transform((value) => value || null),
});

/**
 * Melhor Envio's labels for one account: a shipment goes into the cart, is paid from the
 * account's balance (checkout), its label generated and printed; its tracking code comes later.
 */
export function createMelhorEnvioLabels(options: MelhorEnvioOptions) {
  const call = melhorEnvioHttp(options, 10_000);

  return {
    /** POST /cart: the shipment into the account's cart; Melhor Envio's id of it (a uuid string). */
    async addToCart(shipment: LabelShipment): Promise<string> {
      const item = await call({
        action: "pôr a etiqueta no carrinho",
        schema: cartItem,
        path: "/cart",
        body: cartBody(shipment),
        refusal: melhorEnvioRefusal,
      });
      return item.id;
    },
    /** POST /shipment/checkout {orders: ids}: pays them from the account's balance. */
    async checkout(ids: string[]): Promise<void> {
      await call({
        action: "pagar as etiquetas",
        schema: anything,
        path: "/shipment/checkout",
        body: { orders: ids },
        refusal: melhorEnvioRefusal,
      });
    },
    /** POST /shipment/generate {orders: ids}: generates the labels. */
    async generate(ids: string[]): Promise<void> {
      const action = "gerar as etiquetas";
      const answer = await call({
        action,
        schema: generated,
        path: "/shipment/generate",
        body: { orders: ids },
        refusal: melhorEnvioRefusal,
      });
      // A refusal of one shipment comes in its entry of a 200 answer.
      for (const id of ids) {
        const entry = answer[id];
        if (!entry) throw new ProviderError(`Melhor Envio respondeu sem um dos envios ao ${action}`);
        if (!entry.status) {
          throw new ProviderError(`Melhor Envio recusou um dos envios ao ${action}`, {
            refusal: entry.message || undefined,
          });
        }
      }
    },
    /** POST /shipment/print {mode: "public", orders: ids}: the URL of one PDF with all their labels. */
    async print(ids: string[]): Promise<string> {
      const { url } = await call({
        action: "imprimir as etiquetas",
        schema: printed,
        path: "/shipment/print",
        body: { mode: "public", orders: ids },
        refusal: melhorEnvioRefusal,
      });
      return url;
    },
    /** GET /orders/{id}. */
    readShipment(id: string): Promise<MelhorEnvioShipment> {
      return call({
        action: "ler o envio",
        schema: shipmentRead,
        path: `/orders/${encodeURIComponent(id)}`,
        refusal: melhorEnvioRefusal,
      });
    },
  };
}

export type MelhorEnvioLabels = ReturnType<typeof createMelhorEnvioLabels>;

/** Integer centavos as decimal reais built from digits, so 1999 is exactly 19.99. */
const reais = (cents: number) => Number(centsToDecimalString(cents));

function cartBody(label: LabelShipment) {
  return {
    service: label.serviceId,
    from: partyBody(label.from),
    to: partyBody(label.to),
    products: label.products.map((product) => ({
      name: product.name,
      quantity: product.quantity,
      unitary_value: reais(product.unitaryCents),
    })),
    volumes: label.volumes.map((volume) => ({
      height: volume.heightCm,
      width: volume.widthCm,
      length: volume.lengthCm,
      weight: Number((volume.weightGrams / 1000).toFixed(3)),
    })),
    options: {
      insurance_value: reais(label.insuranceCents),
      receipt: false,
      own_hand: false,
      reverse: false,
      non_commercial: false,
      invoice: { key: label.invoiceKey },
      platform: "Vitrine",
      tags: [{ tag: label.tag, ...(label.tagUrl ? { url: label.tagUrl } : {}) }],
    },
  };
}

/** An absent field is left out: Laravel's rules refuse a null where they want a string. */
function partyBody(party: LabelParty) {
  const optional = (key: string, value: string | null) => (value ? { [key]: value } : {});
  return {
    name: party.name,
    ...optional("phone", party.phone),
    ...optional("email", party.email),
    ...optional("document", party.document),
    ...optional("company_document", party.companyDocument),
    ...optional("state_register", party.stateRegister),
    address: party.address,
    ...optional("complement", party.complement),
    number: party.number,
    district: party.district,
    city: party.city,
    state_abbr: party.stateAbbr,
    country_id: "BR",
    postal_code: party.postalCode,
  };
}
