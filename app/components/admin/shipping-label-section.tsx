import { useFetcher } from "react-router";
import { useAnswerToast } from "./use-answer-toast";
import { Button, buttonClasses } from "../ui/button";
import { FormField } from "../ui/form-field";

/** The order's Melhor Envio label as the admin's order page shows it. */
export interface ShownLabel {
  /** Bought and generated: it can be printed. */
  labelled: boolean;
  /** Why the last try stopped, with Melhor Envio's words. */
  lastError: string | null;
  /** The NF-e key to buy it with: the one kept from a try, else the one Bling sent back. */
  invoiceKey: string;
  /** Whether a label can be bought now: paid, being prepared, no tracking code yet. */
  buyable: boolean;
}

interface LabelAnswer {
  ok: boolean;
  message: string;
}

/**
 * 'Etiqueta (Melhor Envio)' on the admin's order: 'Comprar etiqueta' with the NF-e's access key,
 * Melhor Envio's reason when a try failed, and once bought 'Imprimir etiqueta' (a link: the PDF
 * opens in a new tab, asked of Melhor Envio at the click).
 */
export function ShippingLabelSection({ label, orderId }: { label: ShownLabel; orderId: string }) {
  const fetcher = useFetcher<LabelAnswer>();
  useAnswerToast(fetcher.data);
  const answer = fetcher.data;
  const lastError = answer && !answer.ok ? answer.message : label.lastError;
  return (
    <section className="rounded-xl border border-slate-200 p-4" aria-labelledby="etiqueta">
      <h3 id="etiqueta" className="font-semibold">
        Etiqueta (Melhor Envio)
      </h3>
      {label.labelled && (
        <div className="mt-3 flex flex-col items-start gap-3">
          <p className="text-sm">Etiqueta comprada e gerada no Melhor Envio.</p>
          <a
            href={`/admin/orders/${orderId}/etiqueta`}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses("outline")}
          >
            Imprimir etiqueta
          </a>
        </div>
      )}
      {label.buyable && (
        <fetcher.Form method="post" className="mt-3 flex flex-col items-start gap-3">
          <input type="hidden" name="intent" value="label" />
          {lastError && (
            <p role="alert" className="text-sm text-red-600">
              {lastError}
            </p>
          )}
          {label.labelled ? (
            // Bought with its key: a try now only asks for the tracking code.
            <input type="hidden" name="invoiceKey" value={label.invoiceKey} />
          ) : (
            <FormField
              label="Chave de acesso da NF-e"
              name="invoiceKey"
              defaultValue={label.invoiceKey}
              inputMode="numeric"
              maxLength={60}
              className="w-full"
              required
            />
          )}
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {label.labelled ? "Buscar código de rastreio" : "Comprar etiqueta"}
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
