import { clsx } from "clsx";
import { useRouteLoaderData } from "react-router";
import {
  formatPercent,
  installmentPlan,
  installmentText,
  pixTotals,
  type InstallmentOffer,
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

/** The instalments a card price is offered in: none when it would be paid at once. */
export interface CardOffers {
  /** The most instalments without interest, when more than one. */
  free: InstallmentOffer | null;
  /** The most instalments at all, when they carry interest. */
  withInterest: InstallmentOffer | null;
}

const NO_CARD_OFFERS: CardOffers = { free: null, withInterest: null };

/** How a list price may be split on a card, by the owner's terms (payment-prices.ts). */
export function cardOffers(listCents: number, terms: PaymentTerms): CardOffers {
  const plan = installmentPlan(listCents, terms);
  return {
    free: plan.withoutInterest.count > 1 ? plan.withoutInterest : null,
    withInterest: plan.withInterest,
  };
}

/**
 * Beside a price, how else it may be paid, as Brazilian stores show it: the PIX price with its
 * discount, and the card instalments, with their total and rate when they carry interest
 * (Decreto 5.903/2006). The amounts are payment-prices.ts's, the ones the server charges.
 */
export function PaymentOffers({
  lines,
  totals = null,
  className,
}: {
  lines: readonly PricedLine[];
  /** The card and PIX totals when a coupon changes them (the PIX one then says no rate). */
  totals?: { listCents: number; pixCents: number } | null;
  className?: string;
}) {
  const root = useRouteLoaderData<RootPaymentData>("root");
  if (!root) return null;
  const terms = root.store.payment;
  const { listCents, pixCents } = totals ?? pixTotals(lines, terms.pixDiscountBasisPoints);
  const card = root.cardPayments ? cardOffers(listCents, terms) : NO_CARD_OFFERS;
  if (pixCents === listCents && !card.free && !card.withInterest) return null;
  return (
    <div className={clsx("flex flex-col gap-0.5 text-sm text-slate-600", className)}>
      {pixCents < listCents && (
        <p>
          ou <span className="font-semibold text-emerald-700">{formatBRL(pixCents)}</span> à vista no PIX
          {!totals && ` (${formatPercent(terms.pixDiscountBasisPoints)} de desconto)`}
        </p>
      )}
      <InstallmentLines {...card} />
    </div>
  );
}

/**
 * The card's instalments, a line each: those without interest, then those with their rate and
 * total. Paragraphs, or block spans where only phrasing content may stand (inside a label).
 */
export function InstallmentLines({ free, withInterest, as: Line = "p" }: CardOffers & { as?: "p" | "span" }) {
  const lineClass = Line === "span" ? "block" : undefined;
  return (
    <>
      {free && <Line className={lineClass}>{`em até ${installmentText(free)}`}</Line>}
      {withInterest && <Line className={lineClass}>{`ou em até ${installmentText(withInterest)}`}</Line>}
    </>
  );
}
