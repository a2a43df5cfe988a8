import { z } from "../../../lib/zod";

/** What the admin's settings say of the Bling connection, on the page and in the browser. */

/** Where Bling sends the admin back with the code: the owner registers it in the Bling app. */
export const BLING_RETURN_PATH = "/admin/bling/retorno";

/** Where Bling tells the store an order or an NF-e changed: the owner registers it in the Bling app. */
export const BLING_WEBHOOK_PATH = "/api/webhooks/bling";

/** How the return from Bling went, as the settings page's `?bling=` names it, and what it says. */
export const BLING_RETURNS = {
  conectado: "Loja conectada ao Bling.",
  estado: "A autorização do Bling não confere ou expirou: clique em 'Conectar ao Bling' de novo.",
  recusado: "A conexão com o Bling não foi autorizada.",
  falhou: "O Bling não confirmou a autorização: confira o Client ID e o Client Secret e tente de novo.",
} as const;
export type BlingReturn = keyof typeof BLING_RETURNS;

export const BLING_NO_APP = "Salve o Client ID e o Client Secret do aplicativo do Bling antes de conectar";

/** The owner's Bling application ('aplicativo privado'), as copied from Bling's panel. */
export const blingAppSchema = z.object({
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8,100}$/, "Client ID inválido: copie-o do aplicativo no Bling"),
  clientSecret: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{8,200}$/, "Client Secret inválido: copie-o do aplicativo no Bling"),
});

/** A Bling id the owner copies from their account (a form of payment, a situation); blank: none. */
const blingId = (message: string) =>
  z
    .string()
    .trim()
    .max(12, message)
    .regex(/^([1-9][0-9]{0,9})?$/, message)
    .transform((typed) => (typed === "" ? null : Number(typed)))
    .pipe(z.number().int().max(2_147_483_647, message).nullable());

const paymentFormId = blingId("Informe o número (ID) da forma de pagamento no Bling, ou deixe em branco");

/**
 * What the hand-off does besides the sales order: the forms of payment, the NF-e, and the
 * situation a sale undone in whole moves to (blank: the store leaves the situation alone).
 */
export const blingOptionsSchema = z.object({
  pixPaymentFormId: paymentFormId,
  cardPaymentFormId: paymentFormId,
  boletoPaymentFormId: paymentFormId,
  cancelledSituationId: blingId(
    "Informe o número (ID) da situação 'Cancelado' dos pedidos de venda no Bling, ou deixe em branco",
  ),
  issueInvoices: z
    .literal("on")
    .optional()
    .transform((checked) => checked === "on"),
});
export type BlingOptions = z.infer<typeof blingOptionsSchema>;
