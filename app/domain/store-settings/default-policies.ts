import type { StoreSettings } from "./settings-schema";

/**
 * The policy pages of a new store, in Markdown: the legal minimum and the store's own, more
 * generous terms. The owner is told to review them in 'Configurações da loja'.
 */
export const DEFAULT_POLICIES: StoreSettings["policies"] = {
  returns: `Você pode desistir de uma compra feita nesta loja em até **7 dias** a contar do recebimento do produto, sem precisar dizer o motivo (Código de Defesa do Consumidor, art. 49). Devolvemos todo o valor pago, frete incluído, pelo mesmo meio de pagamento usado na compra.

Além disso, a loja oferece **devolução grátis em até 30 dias** e **garantia de 12 meses** em todos os produtos.`,
  privacy: `Tratamos seus dados pessoais conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018), apenas para processar seus pedidos, entregar seus produtos e cumprir obrigações legais.`,
  terms: `Ao usar esta loja, você concorda com estes termos. Preços, estoque e condições valem no momento da compra.`,
};
