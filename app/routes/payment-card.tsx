import { CheckCircle2, Clock, FileText, RefreshCw, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/payment-card";
import { buttonClasses } from "../components/ui/button";
import { CopyButton } from "../components/ui/copy-button";
import { PaidOrder } from "../components/orders/paid-order";
import { paymentDeps, placeOrderDeps } from "../context.server";
import { claimProviderQuery, findCustomerOrder } from "../domain/orders/order-payment.server";
import { findCustomerOrderDetails } from "../domain/orders/order-details.server";
import { payByPixInstead, pixPriceOf } from "../domain/orders/pay-by-pix-instead.server";
import { awaitsPayment, isPaid } from "../domain/orders/paid.server";
import { paymentMethodLabel } from "../domain/orders/payment-method";
import { settleCardPayment } from "../domain/orders/card-settlement.server";
import { ownBoletoOf } from "../domain/payments/order-payments.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { formatDigitableLine } from "../lib/boleto";
import { formatDate } from "../lib/dates";
import { formatBRL } from "../lib/money";
import { orderNumber } from "../lib/order-number";
import { pageTitle } from "../lib/seo";
import { requireUser } from "./guards.server";
import { paidOrderPage } from "./paid-order.server";

type Order = NonNullable<Awaited<ReturnType<typeof findCustomerOrder>>>;

/** A payment id as the card provider writes one in the return URL. */
const PAYMENT_ID = /^\d{1,20}$/;

/** What the page says of a card order, in the order its checks are made. */
type CardOrderState = "cancelled" | "paid" | "boleto" | "rejected" | "waiting";

/**
 * Where the card provider sends the customer back, whatever happened on its checkout: the order as
 * the store has it. The query's status is the provider's word passed through the browser, so it
 * is never believed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  let order = await findCustomerOrder(context.db, user.id, params.orderId);
  // Another customer's order reads as one that does not exist; a PIX order has its own page.
  if (!order || order.paymentMethod !== "card") {
    return data(
      { found: false as const },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const url = new URL(request.url);
  const paymentId = url.searchParams.get("payment_id");
  if (
    paymentId &&
    PAYMENT_ID.test(paymentId) &&
    !isPaid(order) &&
    (await claimProviderQuery(context.db, order.id))
  ) {
    // The customer may be back before the provider's webhook: the payment is read from it now,
    // at most once every few seconds whoever reloads.
    try {
      await settleCardPayment(paymentDeps(context), paymentId);
      order = (await findCustomerOrder(context.db, user.id, order.id)) ?? order;
    } catch (error) {
      // The page shows what the store knows; the webhook, or 'Atualizar', reads it again.
      context.logger.warn({ err: error, orderId: order.id }, "Pagamento de cartão não consultado no retorno");
    }
  }
  const { pathname, search } = url;
  const state = stateOf(order);
  const canRetry = awaitsPayment(order);
  const boleto = state === "boleto" ? await ownBoletoOf(context.db, order.id) : null;
  // A paid order says what the PIX success page says: when and how it was paid, what was bought.
  const details = state === "paid" ? await findCustomerOrderDetails(context.db, user.id, order.id) : null;
  // What 'Pagar com PIX' will charge: the PIX price, with the store's discount of the moment.
  const pixTotalCents =
    state === "rejected" && canRetry
      ? (
          await pixPriceOf(
            context.db,
            order,
            (await storefrontSettings(context.db, context.env)).payment.pixDiscountBasisPoints,
          )
        ).totalCents
      : null;
  return {
    found: true as const,
    state,
    orderNumber: orderNumber(order.id),
    totalText: formatBRL(order.totalCents),
    pixTotalText: pixTotalCents === null ? null : formatBRL(pixTotalCents),
    methodLabel: paymentMethodLabel(order),
    checkoutUrl: order.cardCheckoutUrl,
    // What the customer needs to pay the boleto at a bank, when the provider gave it.
    boleto: boleto && {
      dueText: formatDate(boleto.dueAt),
      digitableLine: boleto.digitableLine,
      digitableLineText: boleto.digitableLine && formatDigitableLine(boleto.digitableLine),
    },
    canRetry,
    refreshUrl: pathname + search,
    paid: details && (await paidOrderPage(context, details)),
  };
}

/**
 * 'Pagar com PIX' after a refused card: the same order, paid by a PIX charge of its total, on the
 * PIX payment page. A plain form, so it works before the page's script arrives.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const outcome = await payByPixInstead(await placeOrderDeps(context), user.id, params.orderId);
  if (!outcome.ok) return { error: outcome.message };
  return redirect(`/payment?orderId=${outcome.orderId}`);
}

function stateOf(order: Order): CardOrderState {
  if (order.status === "cancelled") return "cancelled";
  if (isPaid(order)) return "paid";
  if (order.cardPaymentType === "ticket" && order.cardPaymentStatus === "pending") return "boleto";
  if (order.cardPaymentStatus === "rejected") return "rejected";
  return "waiting";
}

export default function CardPaymentReturn({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <main className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Pedido não encontrado</h1>
        <Link to="/account/orders" className={buttonClasses("outline", "md", "mt-6")}>
          Meus pedidos
        </Link>
      </main>
    );
  }
  const { state, checkoutUrl, boleto, canRetry, pixTotalText, refreshUrl, paid } = loaderData;
  const ordersLink = (
    <Link to="/account/orders" className={buttonClasses("outline", "md", "sm:flex-1")}>
      Meus pedidos
    </Link>
  );
  switch (state) {
    case "paid":
      return (
        <Outcome
          problem={actionData?.error}
          icon={<CheckCircle2 aria-hidden className="size-14 text-emerald-600" />}
          title="Pagamento aprovado"
          text="Obrigado pela sua compra."
        >
          {paid ? <PaidOrder {...paid} /> : <Summary {...loaderData} />}
        </Outcome>
      );
    case "boleto":
      return (
        <Outcome
          problem={actionData?.error}
          icon={<FileText aria-hidden className="size-14 text-brand-600" />}
          title="Boleto gerado — aguardando pagamento"
          text="O pedido será confirmado assim que o banco compensar o boleto."
        >
          <Summary {...loaderData} />
          {boleto && <BoletoToPay {...boleto} />}
          <Actions>
            {checkoutUrl && (
              <a href={checkoutUrl} className={buttonClasses("default", "md", "sm:flex-1")}>
                Ver o boleto para pagar
              </a>
            )}
            {ordersLink}
          </Actions>
        </Outcome>
      );
    case "rejected":
      return (
        <Outcome
          problem={actionData?.error}
          icon={<XCircle aria-hidden className="size-14 text-red-600" />}
          title="Pagamento recusado"
          text="O pagamento não foi aprovado. Você pode tentar de novo com outro cartão, pagar por boleto ou pagar com PIX."
        >
          <Summary {...loaderData} />
          {pixTotalText && (
            <p className="mt-4 text-center text-sm text-slate-700">
              Pagando com PIX: <strong className="tabular-nums">{pixTotalText}</strong>
            </p>
          )}
          <Actions>
            {canRetry && checkoutUrl && (
              <a href={checkoutUrl} className={buttonClasses("default", "md", "sm:flex-1")}>
                Tentar novamente
              </a>
            )}
            {canRetry && <PayByPix />}
            {ordersLink}
          </Actions>
        </Outcome>
      );
    case "cancelled":
      return (
        <Outcome
          problem={actionData?.error}
          icon={<XCircle aria-hidden className="size-14 text-slate-500" />}
          title="Pedido cancelado"
        >
          <Summary {...loaderData} />
          <Actions>{ordersLink}</Actions>
        </Outcome>
      );
    case "waiting":
      return (
        <Outcome
          problem={actionData?.error}
          icon={<Clock aria-hidden className="size-14 text-amber-600" />}
          title="Aguardando a confirmação do pagamento"
          text="Assim que o Mercado Pago confirmar o pagamento, o pedido será atualizado."
        >
          <Summary {...loaderData} />
          <Actions>
            {/* A plain link: it works before the page's script has loaded, or without it. */}
            <a href={refreshUrl} className={buttonClasses("default", "md", "sm:flex-1")}>
              <RefreshCw aria-hidden className="size-4" />
              Atualizar
            </a>
            {ordersLink}
          </Actions>
        </Outcome>
      );
  }
}

/** A boleto's due date and its linha digitável, to copy into a bank's app or type at a bank. */
function BoletoToPay({
  dueText,
  digitableLine,
  digitableLineText,
}: {
  dueText: string;
  digitableLine: string | null;
  digitableLineText: string | null;
}) {
  return (
    <section
      aria-label="Boleto"
      className="mt-4 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <p className="text-sm text-slate-600">
        Vencimento: <strong className="text-base text-slate-900 tabular-nums">{dueText}</strong>
      </p>
      {digitableLine && digitableLineText && (
        <>
          <div>
            <label htmlFor="boleto-line" className="text-sm font-medium text-slate-700">
              Linha digitável
            </label>
            <textarea
              id="boleto-line"
              readOnly
              value={digitableLineText}
              rows={2}
              className="mt-1.5 w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-sm"
            />
          </div>
          <CopyButton
            className="w-full"
            text={digitableLine}
            label="Copiar linha digitável"
            copiedLabel="Linha Copiada!"
            copiedMessage="Linha digitável copiada!"
            failedMessage="Erro ao copiar a linha digitável"
          />
        </>
      )}
    </section>
  );
}

/** 'Pagar com PIX': posts to this page's action, which goes on to the PIX payment page. */
function PayByPix() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" className="flex sm:flex-1">
      <button type="submit" disabled={busy} className={buttonClasses("outline", "md", "flex-1")}>
        {busy ? "Gerando o código PIX..." : "Pagar com PIX"}
      </button>
    </Form>
  );
}

function Outcome({
  icon,
  title,
  text,
  problem,
  children,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  /** Why the last action on the page did nothing ('Pagar com PIX'). */
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <div className="flex flex-col items-center text-center">
        {icon}
        <h1 className="mt-3 text-3xl font-bold tracking-tight">{title}</h1>
        {text && <p className="mt-2 text-slate-600">{text}</p>}
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
      {children}
    </main>
  );
}

function Summary({
  orderNumber,
  totalText,
  methodLabel,
}: {
  orderNumber: string;
  totalText: string;
  methodLabel: string;
}) {
  return (
    <section className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Pedido</dt>
          <dd className="font-semibold">#{orderNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Total</dt>
          <dd className="font-semibold">{totalText}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Forma de pagamento</dt>
          <dd className="font-semibold">{methodLabel}</dd>
        </div>
      </dl>
    </section>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-3 sm:flex-row">{children}</div>;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Pagamento do pedido"),
  { name: "robots", content: "noindex" },
];
