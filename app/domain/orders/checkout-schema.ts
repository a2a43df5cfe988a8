import { z } from "../../lib/zod";
import { MAX_CART_LINES, MAX_QUANTITY_PER_ITEM } from "../cart/cart-items";
import type { CartItem } from "../cart/cart-items";
import { PAYMENT_METHODS, type PaymentMethod } from "../../lib/order-statuses";
import { compactTaxId, isValidCnpj, isValidCpf } from "../../lib/tax-id";
import { stateRegistrationField } from "../../lib/state-registration";
import type { PixPayment } from "../payments/pix-payment";
import { COUPON_CODE_PATTERN, COUPON_MESSAGES, normalizeCouponCode } from "../promotions/coupons";

/**
 * The create-payment request of spec sections 3 and 5: `{products, customer, addressId}`, and the
 * payment method when the customer chose a card (decision 0031), read by
 * the confirmation dialog for instant feedback and by the server as the authority. Every message,
 * including a wrong type, is the spec's pt-BR text; the server reports them all at once.
 */

const MAX_PRODUCT_PRICE = 1_000_000;

/** A person's name: letters (any accent), spaces, apostrophes and hyphens. */
const PERSON_NAME = /^[\p{L}\p{M}\s'-]+$/u;
/** A company's name may also carry digits and the punctuation of "Loja 3 Irmãos Ltda." or "A & B". */
const COMPANY_NAME = /^[\p{L}\p{M}\p{N}\s'.,&/-]+$/u;

export type TaxpayerType = "PF" | "PJ";

const text = (message: string) => z.string({ error: message });

const productLine = z.object(
  {
    id: z
      .number({ error: "ID do produto inválido" })
      .int("ID do produto inválido")
      .positive("ID do produto inválido")
      .max(2_147_483_647, "ID do produto inválido"),
    // The line's variant (decision 0030); without it, the product's default variant.
    variantId: z
      .number({ error: "ID da variação inválido" })
      .int("ID da variação inválido")
      .positive("ID da variação inválido")
      .max(2_147_483_647, "ID da variação inválido")
      .optional(),
    name: text("Nome do produto inválido")
      .min(1, "Nome do produto inválido")
      .max(200, "Nome do produto muito longo"),
    category: text("Categoria inválida").min(1, "Categoria inválida").max(100, "Categoria muito longa"),
    // Checked as the spec asks, then ignored: the server prices every line from the database.
    price: z
      .number({ error: "Preço inválido" })
      .positive("Preço inválido")
      .max(MAX_PRODUCT_PRICE, "Preço inválido"),
    image: text("Imagem inválida").max(2048, "Imagem inválida").optional(),
    quantity: z
      .number({ error: "Quantidade inválida" })
      .int("Quantidade inválida")
      .positive("Quantidade inválida")
      .max(MAX_QUANTITY_PER_ITEM, `Quantidade máxima por item é ${MAX_QUANTITY_PER_ITEM}`),
  },
  { error: "Produto inválido" },
);

function customerSchema(taxpayer: TaxpayerType) {
  return z.object(
    {
      name: text("Nome deve ter no mínimo 3 caracteres")
        .trim()
        .min(3, "Nome deve ter no mínimo 3 caracteres")
        .max(100, "Nome deve ter no máximo 100 caracteres")
        .regex(taxpayer === "PF" ? PERSON_NAME : COMPANY_NAME, "Nome deve conter apenas letras"),
      email: text("E-mail inválido").trim().max(255, "E-mail muito longo").pipe(z.email("E-mail inválido")),
      phone: text("Telefone inválido (deve ter 10 ou 11 dígitos)").regex(
        /^\d{10,11}$/,
        "Telefone inválido (deve ter 10 ou 11 dígitos)",
      ),
      taxId:
        taxpayer === "PF"
          ? text("CPF inválido (deve ter 11 dígitos)")
              .regex(/^\d{11}$/, { message: "CPF inválido (deve ter 11 dígitos)", abort: true })
              .refine(isValidCpf, "CPF inválido")
          : // 12 letters or digits and 2 check digits, unmasked; a lower-case letter is kept upper-case.
            text("CNPJ inválido (deve ter 14 caracteres)")
              .length(14, { message: "CNPJ inválido (deve ter 14 caracteres)", abort: true })
              .refine(isValidCnpj, "CNPJ inválido")
              .transform(compactTaxId),
      // A company's, for its nota fiscal; a person's request carries none and it is dropped.
      ...(taxpayer === "PJ" && { stateRegistration: stateRegistrationField.optional() }),
    },
    { error: "Dados do cliente inválidos" },
  );
}

function requestSchema(taxpayer: TaxpayerType) {
  // Strict: a total, a discount or anything else the server decides is refused, never ignored.
  return z.strictObject(
    {
      products: z
        .array(productLine, { error: "Carrinho vazio" })
        .min(1, "Carrinho vazio")
        .max(MAX_CART_LINES, `Máximo de ${MAX_CART_LINES} itens por pedido`)
        .refine(
          (lines) => new Set(lines.map((line) => `${line.id}.${line.variantId}`)).size === lines.length,
          "Produto repetido no pedido",
        ),
      customer: customerSchema(taxpayer),
      addressId: z.uuid({ error: "ID de endereço inválido" }),
      // Absent: PIX, the spec's request unchanged. The server prices each method (decision 0031).
      paymentMethod: z.enum(PAYMENT_METHODS, { error: "Forma de pagamento inválida" }).optional(),
      // The freight service chosen and the price the customer saw (issue 52): the server quotes
      // again and charges its own price, refusing the order if it is not the one seen.
      freight: z
        .object(
          {
            service: z.string().min(1).max(80),
            seenCents: z.number().int().min(0).max(100_000_000),
          },
          { error: "Frete inválido" },
        )
        .optional(),
      // The coupon typed in the cart and the discount the customer saw (issue 53): the server
      // applies it again and refuses the order, naming it, if it no longer gives that discount.
      coupon: z
        .object(
          {
            code: text(COUPON_MESSAGES.invalid)
              .max(60, COUPON_MESSAGES.invalid)
              .transform(normalizeCouponCode)
              .pipe(z.string().regex(COUPON_CODE_PATTERN, COUPON_MESSAGES.invalid)),
            seenCents: z
              .number({ error: COUPON_MESSAGES.invalid })
              .int(COUPON_MESSAGES.invalid)
              .min(1, COUPON_MESSAGES.invalid)
              .max(100_000_000, COUPON_MESSAGES.invalid),
          },
          { error: COUPON_MESSAGES.invalid },
        )
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Campo não aceito: ${issue.keys.join(", ")}`
          : "Dados do pedido inválidos",
    },
  );
}

// Built once: a zod schema costs far more to build than to check a request with.
const REQUEST_SCHEMAS = { PF: requestSchema("PF"), PJ: requestSchema("PJ") };

/** The request for a customer who pays as a person (CPF) or as a company (CNPJ). */
export function checkoutRequestSchema(taxpayer: TaxpayerType) {
  return REQUEST_SCHEMAS[taxpayer];
}

export type CheckoutRequest = z.infer<ReturnType<typeof requestSchema>>;

/**
 * The create-payment request for a cart's lines, as the confirmation dialog sends it and the
 * checkout's plain form is read into: PIX with free freight leaves the spec's body as it was; a
 * card order names its method, and a quoted freight its service.
 */
export function checkoutRequestOf(
  items: CartItem[],
  customer: CheckoutRequest["customer"],
  addressId: string,
  paymentMethod: PaymentMethod,
  freight: CheckoutRequest["freight"],
  coupon?: CheckoutRequest["coupon"],
) {
  return {
    products: items.map((item) => ({
      id: item.id,
      variantId: item.variantId,
      name: item.name,
      category: item.category,
      price: item.priceCents / 100,
      image: item.image,
      quantity: item.quantity,
    })),
    customer,
    addressId,
    ...(paymentMethod === "card" ? { paymentMethod } : {}),
    ...(freight ? { freight } : {}),
    ...(coupon ? { coupon } : {}),
  };
}

/** Spec section 5: 'Dados inválidos: ' and every message, joined by commas. */
export function invalidCheckoutMessage(error: z.ZodError): string {
  const messages = [...new Set(error.issues.map((issue) => issue.message))];
  return `Dados inválidos: ${messages.join(", ")}`;
}

/**
 * A create-payment body over the form limit is refused before it is read (server/request-body.ts):
 * the refusal still speaks the create-payment shape, so the dialog shows the reason.
 */
export const CHECKOUT_TOO_LARGE = "Dados inválidos: Pedido grande demais para ser enviado";

/** The create-payment answer (spec section 3); a card order's instead of its PIX data, where it is paid. */
export interface CreatePaymentAnswer {
  success: boolean;
  orderId?: string;
  pixData?: PixPayment;
  cardCheckoutUrl?: string;
  error?: string;
}
