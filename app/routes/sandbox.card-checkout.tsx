import { randomUUID } from "node:crypto";
import { FlaskConical } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { z } from "../lib/zod";
import type { Route } from "./+types/sandbox.card-checkout";
import { Button } from "../components/ui/button";
import { paymentDeps, type ServerContext } from "../context.server";
import { findCustomerOrder } from "../domain/orders/order-payment.server";
import { cardPaymentEvent } from "../domain/payments/card-provider";
import { receiveChargeEvent } from "../domain/orders/charge-events.server";
import {
  findSandboxCardCheckout,
  installmentChoices,
  simulateSandboxCardPayment,
  type SandboxCheckoutState,
} from "../domain/payments/providers/sandbox-card/sandbox-card-checkout.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { formatDate } from "../lib/dates";
import { formatBRL } from "../lib/money";
import { pageTitle } from "../lib/seo";
import { requireUser } from "./guards.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const checkout = await customersCheckout(context, request, params.checkoutId);
  const { payment: terms } = await storefrontSettings(context.db, context.env);
  return {
    items: checkout.items,
    totalText: formatBRL(checkout.totalCents),
    state: checkout.state,
    installments: installmentChoices(checkout.totalCents, checkout.maxInstallments, terms),
    boletoDueText: checkout.pendingBoleto ? formatDate(checkout.pendingBoleto.dueAt) : null,
  };
}

const choice = z.object({
  intent: z.enum(["approve", "reject", "boleto", "pay-boleto"]),
  installments: z.coerce.number().int().min(1).max(99).catch(1),
});

const REFUSALS: Record<SandboxCheckoutState, string> = {
  open: "Escolha não aceita",
  "boleto-only": "Este checkout expirou",
  expired: "Este checkout expirou",
  paid: "Este checkout já foi pago",
};

/**
 * The sandbox customer's choice is recorded as Mercado Pago would record it; then the store is
 * told as by a webhook (an event about the payment, read back from the provider), and the
 * customer goes back to the store's page of the order, as Mercado Pago sends them.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const checkout = await customersCheckout(context, request, params.checkoutId);
  const input = choice.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return data({ error: "Escolha não aceita" }, { status: 400 });
  const outcome = await simulateSandboxCardPayment(context.db, checkout.id, {
    action: input.data.intent,
    installments: input.data.installments,
  });
  if (!outcome.ok) return data({ error: REFUSALS[outcome.state] }, { status: 409 });
  const event = cardPaymentEvent("sandbox-card", outcome.paymentId, randomUUID());
  const { handled } = await receiveChargeEvent(paymentDeps(context), event);
  // The customer comes back once the store has handled it, so the page shows the outcome.
  await handled;
  const back = new URL(outcome.returnUrl);
  back.searchParams.set("payment_id", outcome.paymentId);
  back.searchParams.set("status", outcome.status);
  // The store's own page, as a path: the customer stays on the origin they use, signed in there.
  return redirect(back.pathname + back.search);
}

/**
 * The checkout, for the signed-in customer whose order it is; a 404 for anyone else, as for a
 * checkout that does not exist, and on a store whose card provider is not the sandbox's.
 */
async function customersCheckout(context: ServerContext, request: Request, checkoutId: string) {
  if (context.card?.name !== "sandbox-card") throw new Response("Not Found", { status: 404 });
  const { user } = await requireUser(context, request);
  const checkout = checkoutId.length <= 64 ? await findSandboxCardCheckout(context.db, checkoutId) : null;
  const order = checkout && (await findCustomerOrder(context.db, user.id, checkout.orderId));
  if (!checkout || !order) throw new Response("Not Found", { status: 404 });
  return checkout;
}

export default function SandboxCardCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { items, totalText, state, installments, boletoDueText } = loaderData;
  return (
    <main className="mx-auto max-w-lg px-4 py-8 sm:py-10">
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900">
        <FlaskConical aria-hidden className="size-5 shrink-0" />
        Simulação do Mercado Pago — nenhum pagamento real é feito
      </p>
      <h1 className="mt-6 text-center text-3xl font-bold tracking-tight">Pagamento com cartão ou boleto</h1>
      <section aria-label="Resumo do pedido" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
        <ul className="flex flex-col gap-2 text-sm">
          {items.map((item, index) => (
            <li key={index} className="flex justify-between gap-4">
              <span>
                {item.quantity} x {item.name}
              </span>
              <span className="whitespace-nowrap tabular-nums">
                {formatBRL(item.quantity * item.unitPriceCents)}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex justify-between border-t border-slate-200 pt-4 font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{totalText}</span>
        </p>
      </section>
      {actionData?.error && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {actionData.error}
        </p>
      )}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
        <Choices state={state} installments={installments} boletoDueText={boletoDueText} />
      </div>
    </main>
  );
}

function Choices({
  state,
  installments,
  boletoDueText,
}: {
  state: SandboxCheckoutState;
  installments: { count: number; label: string }[];
  boletoDueText: string | null;
}) {
  if (state === "expired") return <p className="text-center font-medium">Este checkout expirou</p>;
  if (state === "paid") return <p className="text-center font-medium">Este checkout já foi pago</p>;
  return (
    <Form method="post" className="flex flex-col gap-3">
      {state === "open" && (
        <>
          <label htmlFor="installments" className="text-sm font-medium text-slate-700">
            Parcelas
          </label>
          <select
            id="installments"
            name="installments"
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            {installments.map((choice) => (
              <option key={choice.count} value={choice.count}>
                {choice.label}
              </option>
            ))}
          </select>
          <Button type="submit" name="intent" value="approve">
            Aprovar pagamento
          </Button>
          <Button type="submit" name="intent" value="reject" variant="destructive">
            Recusar pagamento
          </Button>
          <Button type="submit" name="intent" value="boleto" variant="outline">
            Gerar boleto
          </Button>
        </>
      )}
      {boletoDueText && (
        <>
          <p className="text-sm text-slate-600">Boleto gerado, com vencimento em {boletoDueText}.</p>
          <Button type="submit" name="intent" value="pay-boleto" variant="secondary">
            Pagar boleto
          </Button>
        </>
      )}
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Simulação do Mercado Pago"),
  { name: "robots", content: "noindex" },
];
