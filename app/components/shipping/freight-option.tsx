import { freightDaysText, freightPriceText, type FreightOption } from "../../domain/shipping/freight-options";

/** A freight service as the shopper reads it: its name, carrier and days; then its price. */
export function FreightOptionText({ option }: { option: FreightOption }) {
  return (
    <>
      <span className="flex flex-col">
        <span className="font-medium text-slate-900">{option.serviceName}</span>
        <span className="text-xs text-slate-600">{`${option.carrier} · ${freightDaysText(option)}`}</span>
      </span>
      <span className={option.priceCents === 0 ? "font-medium text-emerald-700" : "font-medium tabular-nums"}>
        {freightPriceText(option)}
      </span>
    </>
  );
}
