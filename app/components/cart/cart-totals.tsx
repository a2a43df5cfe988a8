import { formatBRL } from "../../lib/money";
import { PaymentOffers } from "../product/payment-offers";

/**
 * Subtotal, free shipping and total, as the cart and the checkout show them, then the PIX total
 * and the instalments of the lines.
 */
export function CartTotals({
  subtotalLabel,
  subtotalCents,
  lines,
}: {
  subtotalLabel: string;
  subtotalCents: number;
  lines: readonly { priceCents: number; quantity: number }[];
}) {
  return (
    <>
      <dl aria-live="polite" className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{subtotalLabel}</dt>
          <dd className="font-medium tabular-nums">{formatBRL(subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Frete</dt>
          <dd className="font-medium text-emerald-700">Grátis</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatBRL(subtotalCents)}</dd>
        </div>
      </dl>
      <PaymentOffers
        className="mt-2 text-right"
        lines={lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity }))}
      />
    </>
  );
}
