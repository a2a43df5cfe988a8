const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Integer centavos as reais, pt-BR, always two decimals: 123456 → "R$ 1.234,56". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}
