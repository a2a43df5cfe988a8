import { formatBRL } from "../../lib/money";
import { PaymentOffers } from "../product/payment-offers";

/**
 * Subtotal, freight and total, as the cart and the checkout show them, then the PIX total and the
 * instalments of the lines.
 */
export function CartTotals({
  subtotalLabel,
  subtotalCents,
  freightCents,
  lines,
}: {
  subtotalLabel: string;
  subtotalCents: number;
  /** 0 when it ships free; null while no CEP gave it. */
  freightCents: number | null;
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
          {freightCents === null ? (
            <dd className="text-slate-500">Calcule pelo CEP</dd>
          ) : freightCents === 0 ? (
            <dd className="font-medium text-emerald-700">Grátis</dd>
          ) : (
            <dd className="font-medium tabular-nums">{formatBRL(freightCents)}</dd>
          )}
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatBRL(subtotalCents + (freightCents ?? 0))}</dd>
        </div>
      </dl>
      <PaymentOffers
        className="mt-2 text-right"
        lines={lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity }))}
      />
    </>
  );
}
