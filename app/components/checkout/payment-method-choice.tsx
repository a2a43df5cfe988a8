import { useId, type ReactNode } from "react";
import { formatPercent, type PaymentTerms } from "../../domain/payments/payment-prices";
import type { PaymentMethod } from "../../lib/order-statuses";
import { formatBRL } from "../../lib/money";
import { cardOffers, InstallmentLines } from "../product/payment-offers";

const choiceClasses =
  "flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50";

/**
 * 'Forma de pagamento' in the confirmation dialog, when the store takes cards: PIX at its price
 * (the order's PIX total, with the owner's discount) or the card provider's checkout at the list
 * total, with the instalments the product pages advertise. Each option is named by its method
 * alone; what it costs is its description.
 */
export function PaymentMethodChoice({
  value,
  onChange,
  listCents,
  pixCents,
  terms,
  disabled,
}: {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
  listCents: number;
  pixCents: number;
  terms: PaymentTerms;
  disabled?: boolean;
}) {
  const id = useId();
  const option = (method: PaymentMethod, title: string, price: ReactNode) => (
    <label className={choiceClasses}>
      <input
        type="radio"
        name="paymentMethod"
        value={method}
        checked={value === method}
        onChange={() => onChange(method)}
        disabled={disabled}
        aria-labelledby={`${id}-${method}`}
        aria-describedby={`${id}-${method}-price`}
        className="mt-0.5 accent-brand-600"
      />
      <span className="flex flex-col gap-0.5">
        <span id={`${id}-${method}`} className="font-medium text-slate-900">
          {title}
        </span>
        <span id={`${id}-${method}-price`} className="text-slate-600">
          {price}
        </span>
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Forma de pagamento</legend>
      {option(
        "pix",
        "PIX",
        <span className="block">
          <span className="font-semibold text-emerald-700 tabular-nums">{formatBRL(pixCents)}</span> à vista
          {pixCents < listCents && ` (${formatPercent(terms.pixDiscountBasisPoints)} de desconto)`}
        </span>,
      )}
      {option(
        "card",
        "Cartão de crédito ou boleto",
        <>
          <span className="block tabular-nums">{formatBRL(listCents)}</span>
          <InstallmentLines {...cardOffers(listCents, terms)} as="span" />
        </>,
      )}
    </fieldset>
  );
}
