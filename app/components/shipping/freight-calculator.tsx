import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { readFreightCep } from "../../domain/shipping/freight-cep-cookie";
import type { FreightAnswer, FreightPageData } from "../../domain/shipping/freight-options";
import { maskCep } from "../../lib/masks";
import { Button } from "../ui/button";
import { inputClasses } from "../ui/form-field";
import { FreightOptionText } from "./freight-option";

/**
 * 'Calcular frete' with a CEP: a GET form to the freight page, so it works before the scripts run;
 * once they run, the answer shows here. With a variant, for one unit of it; without, for the cart.
 * A CEP asked before in this session is offered again.
 */
export function FreightCalculator({
  productId,
  variantId,
  cep,
  answer,
  onAnswer,
  className,
}: {
  productId?: number;
  variantId: number | null;
  /** The CEP to offer; empty: the one remembered in the browser, if any, once the scripts run. */
  cep: string;
  answer: FreightAnswer | null;
  onAnswer?: (answer: FreightAnswer) => void;
  className?: string;
}) {
  const fetcher = useFetcher<FreightPageData>();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  useEffect(() => {
    const remembered = readFreightCep(document.cookie);
    // Only into an empty field: what the shopper typed before the scripts ran stays.
    if (remembered && input.current && input.current.value === "") input.current.value = maskCep(remembered);
  }, []);
  const shown = fetcher.data?.answer ?? answer;
  useEffect(() => {
    if (fetcher.data?.answer) onAnswer?.(fetcher.data.answer);
    // Only a new answer is reported.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  return (
    <section aria-label="Calcular frete" className={className}>
      <fetcher.Form method="get" action="/freight" className="flex items-end gap-2">
        {variantId !== null && <input type="hidden" name="variant" value={variantId} />}
        {productId !== undefined && <input type="hidden" name="product" value={productId} />}
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            Calcular frete
          </label>
          <input
            ref={input}
            id={inputId}
            name="cep"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            defaultValue={cep}
            onChange={(event) => (event.currentTarget.value = maskCep(event.currentTarget.value))}
            className={inputClasses}
            required
          />
        </div>
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Calculando..." : "Calcular"}
        </Button>
      </fetcher.Form>
      {shown && <FreightAnswerView answer={shown} />}
    </section>
  );
}

/** The services for the CEP with their days and prices, free shipping, or why there is none. */
export function FreightAnswerView({ answer }: { answer: FreightAnswer }) {
  if (answer.kind === "none") {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        {answer.message}
      </p>
    );
  }
  if (answer.kind === "free") {
    return (
      <p aria-live="polite" className="mt-2 text-sm text-emerald-700">
        {`Frete grátis · até ${answer.deliveryDays} dias úteis`}
      </p>
    );
  }
  return (
    <ul
      aria-live="polite"
      className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
    >
      {answer.options.map((option) => (
        <li key={option.serviceCode} className="flex items-center justify-between gap-3 px-3 py-2">
          <FreightOptionText option={option} />
        </li>
      ))}
    </ul>
  );
}
