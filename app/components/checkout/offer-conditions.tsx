import { Link } from "react-router";
import { adjustmentLines, basketTotal, type BasketCoupon } from "../../domain/orders/order-total";
import { policyPageOf } from "../../domain/store-settings/policy-pages";
import { sellerIdentityLine } from "../../domain/store-settings/seller-identity";
import type { StorefrontSettings } from "../../domain/store-settings/settings-schema";
import { freightDaysText, type FreightOption } from "../../domain/shipping/freight-options";
import { formatBRL } from "../../lib/money";
import type { PaymentMethod } from "../../lib/order-statuses";

const RETURNS_PAGE = policyPageOf("returns")!;

/** What the offer's conditions say of the store: its PIX discount, delivery estimate and who sells. */
export type OfferTerms = Pick<StorefrontSettings, "delivery" | "legal" | "payment">;

/**
 * 'Condições da oferta': the summary of the contract a store must show before the purchase
 * (Decreto 7.962/2013, art. 4º): the price (the total the server will charge for the chosen
 * method: by PIX with its discount when there is one, by card the list total; with the freight
 * chosen), the delivery, the return policy and who sells.
 */
export function OfferConditions({
  lines,
  terms,
  paymentMethod = "pix",
  freight = null,
  coupon = null,
}: {
  lines: readonly { priceCents: number; quantity: number }[];
  terms: OfferTerms;
  paymentMethod?: PaymentMethod;
  /** The service chosen; none while freight is free to all of Brazil. */
  freight?: FreightOption | null;
  /** The coupon applied for this method. */
  coupon?: BasketCoupon | null;
}) {
  const { legal, delivery, payment } = terms;
  const priced = lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity }));
  const { adjustments, totalCents } = basketTotal(
    priced,
    paymentMethod,
    payment.pixDiscountBasisPoints,
    freight,
    coupon,
  );
  return (
    <section
      aria-labelledby="offer-conditions-heading"
      className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700"
    >
      <h3 id="offer-conditions-heading" className="font-semibold text-slate-900">
        Condições da oferta
      </h3>
      <ul className="mt-2 space-y-1">
        {adjustmentLines(adjustments).map((line) => (
          <li key={line.label}>
            {line.label}: <span className="tabular-nums">{line.amount}</span>
          </li>
        ))}
        <li>
          Total: <span className="font-medium text-slate-900 tabular-nums">{formatBRL(totalCents)}</span>
        </li>
        {(!freight || freight.priceCents === 0) && <li>Frete grátis</li>}
        <li>
          {freight
            ? `Prazo de entrega: ${freightDaysText(freight)}`
            : `Prazo de entrega: até ${delivery.deliveryDays} dias úteis`}
        </li>
        <li>
          Arrependimento em até 7 dias do recebimento:{" "}
          <Link
            to={RETURNS_PAGE.path}
            target="_blank"
            rel="noopener"
            className="text-brand-700 underline hover:no-underline"
          >
            {RETURNS_PAGE.title}
          </Link>
        </li>
      </ul>
      <p className="mt-2 text-xs text-slate-600">Vendido por {sellerIdentityLine(legal)}</p>
    </section>
  );
}
