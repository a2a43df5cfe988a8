import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import { Button } from "../ui/button";
import type { SettingsActionData } from "./settings-action-data";

/**
 * 'E-mails da loja': whether the customer takes the store's reminders and review requests; the
 * e-mails of their orders always go. A plain form before the scripts arrive.
 */
export function MarketingEmailsSection({ receives }: { receives: boolean }) {
  const choice = useFetcher<SettingsActionData>({ key: "marketing" });
  useEffect(() => {
    if (choice.data?.message) toast.success(choice.data.message);
  }, [choice.data]);
  return (
    <section aria-labelledby="marketing-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="marketing-heading" className="text-lg font-semibold">
        E-mails da loja
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {receives
          ? "Você recebe lembretes de pedidos não pagos e de carrinhos, e pedidos de avaliação dos produtos que comprou."
          : "Você não recebe lembretes nem pedidos de avaliação."}{" "}
        Os e-mails dos seus pedidos (confirmação, pagamento, envio) chegam sempre.
      </p>
      <choice.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={receives ? "marketing-off" : "marketing-on"} />
        <Button type="submit" variant="outline" disabled={choice.state !== "idle"}>
          {receives ? "Não quero receber lembretes" : "Quero receber lembretes"}
        </Button>
      </choice.Form>
    </section>
  );
}
