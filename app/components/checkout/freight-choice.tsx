import type { FreightAnswer, FreightOption } from "../../domain/shipping/freight-options";
import { FreightOptionText } from "../shipping/freight-option";

const choiceClasses =
  "flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50";

/** The field a plain form posts an address's freight in, and its value: the service and the price seen. */
export const freightFieldOf = (addressId: string) => `freight.${addressId}`;
const choiceValue = (option: FreightOption) => `${option.serviceCode}@${option.priceCents}`;

/** A posted freight field read back: what the create-payment request carries. */
export function postedFreight(value: string): { service: string; seenCents: number } | undefined {
  const at = value.lastIndexOf("@");
  const seenCents = Number(value.slice(at + 1));
  if (at <= 0 || !Number.isSafeInteger(seenCents)) return undefined;
  return { service: value.slice(0, at), seenCents };
}

/**
 * 'Frete' at checkout: the services for an address, each with its days and price, the cheapest
 * chosen first; or why there is none. Radios of a plain form, one group per address, so the
 * choice posts before the scripts run too.
 */
export function FreightChoice({
  addressId,
  legend,
  answer,
  chosen,
  onChoose,
  disabled,
}: {
  addressId: string;
  legend: string;
  answer: FreightAnswer;
  /** The service chosen; undefined: the cheapest. */
  chosen: string | undefined;
  onChoose(option: FreightOption): void;
  disabled?: boolean;
}) {
  if (answer.kind === "none") {
    return (
      <p role="alert" className="text-sm text-red-700">
        {answer.message}
      </p>
    );
  }
  if (answer.kind === "free") return null;
  const checked = chosen ?? answer.options[0]!.serviceCode;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {answer.options.map((option) => (
        <label key={option.serviceCode} className={choiceClasses}>
          <input
            type="radio"
            name={freightFieldOf(addressId)}
            value={choiceValue(option)}
            checked={checked === option.serviceCode}
            onChange={() => onChoose(option)}
            disabled={disabled}
            className="accent-brand-600"
          />
          <span className="flex flex-1 items-center justify-between gap-3">
            <FreightOptionText option={option} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The option of an answer chosen (or the cheapest); null when there is none to choose. */
export function chosenOption(
  answer: FreightAnswer | undefined,
  chosen: string | undefined,
): FreightOption | null {
  if (answer?.kind !== "options") return null;
  return answer.options.find((option) => option.serviceCode === chosen) ?? answer.options[0]!;
}
