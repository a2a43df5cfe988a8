import { clsx } from "clsx";
import { useRouteLoaderData } from "react-router";
import {
  formatPercent,
  installmentPlan,
  pixTotals,
  type PaymentTerms,
  type PricedLine,
} from "../../domain/payments/payment-prices";
import { formatBRL } from "../../lib/money";

/** What the root loader (app/root.tsx) gives every page for its prices. */
export interface RootPaymentData {
  store: { payment: PaymentTerms };
  /** Whether a card provider is configured (`CARD_PROVIDER`): only then are instalments offered. */
  cardPayments: boolean;
}

/**
 * Beside a price, how else it may be paid, as Brazilian stores show it: the PIX price with its
 * discount, and the card instalments, with their total and rate when they carry interest
 * (Decreto 5.903/2006). The amounts are payment-prices.ts's, the ones the server charges.
 */
export function PaymentOffers({ lines, className }: { lines: readonly PricedLine[]; className?: string }) {
  const root = useRouteLoaderData<RootPaymentData>("root");
  if (!root) return null;
  const terms = root.store.payment;
  const { listCents, pixCents } = pixTotals(lines, terms.pixDiscountBasisPoints);
  const plan = root.cardPayments ? installmentPlan(listCents, terms) : null;
  const free = plan && plan.withoutInterest.count > 1 ? plan.withoutInterest : null;
  const withInterest = plan?.withInterest;
  if (pixCents === listCents && !free && !withInterest) return null;
  return (
    <div className={clsx("flex flex-col gap-0.5 text-sm text-slate-600", className)}>
      {pixCents < listCents && (
        <p>
          ou <span className="font-semibold text-emerald-700">{formatBRL(pixCents)}</span> à vista no PIX (
          {formatPercent(terms.pixDiscountBasisPoints)} de desconto)
        </p>
      )}
      {free && (
        <p>
          em até {free.count}x de {formatBRL(free.installmentCents)} sem juros
        </p>
      )}
      {withInterest && (
        <p>
          ou em até {withInterest.count}x de {formatBRL(withInterest.installmentCents)} com juros de{" "}
          {formatPercent(withInterest.monthlyInterestBasisPoints)} a.m. (total{" "}
          {formatBRL(withInterest.totalCents)})
        </p>
      )}
    </div>
  );
}
