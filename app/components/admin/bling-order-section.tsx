import { useFetcher } from "react-router";
import { useAnswerToast } from "./use-answer-toast";
import { Button } from "../ui/button";
import { InvoiceLinks, type ShownInvoice } from "../orders/invoice-links";

/** An order's hand-off to Bling as the admin's order page shows it (dates as São Paulo text). */
export interface ShownBlingOrder {
  state: "waiting" | "sent" | "failed";
  salesOrderId: number | null;
  lastError: string | null;
  sentAtText: string | null;
  /** When its sales order moved to 'Cancelado' in Bling, the sale undone. */
  cancelledAtText: string | null;
  /** The NF-e Bling issued, once authorised. */
  invoice: ShownInvoice | null;
  /** What the admin does in Bling about the NF-e of a sale undone (cancel it, or a return invoice). */
  invoiceNotice: string | null;
}

/**
 * 'Bling' on the admin's order: sent (with Bling's sales order, and when it was cancelled there),
 * waiting for the job to send it or its cancellation (with the last try's reason), or failed
 * with Bling's reason and 'Reenviar ao Bling'.
 */
export function BlingOrderSection({ bling, orderNumber }: { bling: ShownBlingOrder; orderNumber: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useAnswerToast(fetcher.data);
  // A sales order already in Bling waits or fails only to be cancelled there.
  const cancelling = bling.salesOrderId !== null;
  return (
    <section className="rounded-xl border border-slate-200 p-4" aria-labelledby="bling-pedido">
      <h3 id="bling-pedido" className="font-semibold">
        Bling
      </h3>
      {bling.state === "sent" && (
        <p className="mt-3 text-sm">
          Enviado ao Bling em {bling.sentAtText} (pedido de venda {bling.salesOrderId}).
          {bling.cancelledAtText && ` Cancelado no Bling em ${bling.cancelledAtText}.`}
        </p>
      )}
      {bling.invoice && (
        <div className="mt-3 flex flex-col gap-2 text-sm">
          <p>{`Nota fiscal: ${bling.invoice.title}`}</p>
          <p className="font-mono break-all">{`Chave de acesso: ${bling.invoice.accessKey}`}</p>
          <div className="flex flex-wrap gap-2">
            <InvoiceLinks invoice={bling.invoice} orderNumber={orderNumber} />
          </div>
          {bling.invoiceNotice && <p className="text-amber-800">{bling.invoiceNotice}</p>}
        </div>
      )}
      {bling.state === "waiting" && (
        <p className="mt-3 text-sm text-slate-600">
          {cancelling
            ? `Aguardando o cancelamento do pedido de venda ${bling.salesOrderId} no Bling.`
            : "Aguardando o envio ao Bling."}
          {bling.lastError && ` Última tentativa: ${bling.lastError}`}
        </p>
      )}
      {bling.state === "failed" && (
        <fetcher.Form method="post" className="mt-3 flex flex-col items-start gap-3">
          <input type="hidden" name="intent" value="bling-resend" />
          <p role="alert" className="text-sm text-red-600">
            {cancelling ? "Não cancelado no Bling" : "Não enviado ao Bling"}: {bling.lastError}
          </p>
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
            Reenviar ao Bling
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
