import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "../components/toasts";
import type { Route } from "./+types/payment";
import { pageTitle } from "../lib/seo";
import { Button, buttonClasses } from "../components/ui/button";
import { CopyButton } from "../components/ui/copy-button";
import { readSession } from "../domain/accounts/session.server";
import { findCustomerOrder, pixPaymentOf } from "../domain/orders/order-payment.server";
import { adjustmentsOfOrder } from "../domain/orders/order-adjustments.server";
import { adjustmentLines, type AdjustmentLine } from "../domain/orders/order-total";
import { isPaid } from "../domain/orders/paid.server";
import { minutesLeft, readPaymentParam, type PixPayment } from "../domain/payments/pix-payment";
import type { OrderPaymentAnswer } from "./api.order-payment";
import { formatBRL } from "../lib/money";

const POLL_MS = 3_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("orderId");
  const data = url.searchParams.get("data");
  const sandbox = context.pix.name === "sandbox";
  // The customer's own order is shown as the server has it, whatever the link carries.
  const { user } = await readSession(context, request);
  const order = user && orderId ? await findCustomerOrder(context.db, user.id, orderId) : null;
  if (order && isPaid(order)) {
    return { problem: null, payment: null, adjustments: [], orderId, sandbox, paid: true };
  }
  const fromOrder = order && (await pixPaymentOf(order));
  const { problem, payment } = fromOrder ? { problem: null, payment: fromOrder } : readPaymentParam(data);
  // What the amount took off or added to the items (the PIX discount), as the order stored it.
  const adjustments = order ? adjustmentLines(await adjustmentsOfOrder(context.db, order.id)) : [];
  return { problem, payment, adjustments, orderId, sandbox, paid: false };
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { problem, payment, adjustments, orderId, sandbox, paid } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    // Paid as the page loads, or as it reloads after 'Simular pagamento (sandbox)': the poller
    // (which says so too) is gone with the QR code, so the confirmation is said here.
    if (paid) {
      toast.success("Pagamento confirmado!");
      void navigate(`/payment-success?orderId=${orderId}`, { replace: true });
    } else if (problem) {
      toast.error(problem);
      void navigate("/", { replace: true });
    }
  }, [paid, problem, orderId, navigate]);
  if (!payment) return null;
  return <PixPaymentView payment={payment} adjustments={adjustments} orderId={orderId} sandbox={sandbox} />;
}

function PixPaymentView({
  payment,
  adjustments,
  orderId,
  sandbox,
}: {
  payment: PixPayment;
  adjustments: AdjustmentLine[];
  orderId: string | null;
  sandbox: boolean;
}) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const minutes = useMinutesLeft(payment.expiresAt);
  const simulation = useFetcher<OrderPaymentAnswer>();

  const confirmed = () => {
    toast.success("Pagamento confirmado!");
    void navigate(`/payment-success?orderId=${orderId}`);
  };

  useEffect(() => {
    if (!orderId) return;
    // An answer that arrives after the page moved on (paid, seen by the loader) says nothing more.
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/payment`);
        const answer = (await response.json()) as OrderPaymentAnswer;
        if (answer.paid && !stopped) {
          clearInterval(timer);
          confirmed();
        }
      } catch (error) {
        console.warn("Falha ao consultar o pagamento", error);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poller per order
  }, [orderId]);

  const checkNow = async () => {
    if (!orderId) return void toast.error("ID do pedido não encontrado");
    setChecking(true);
    try {
      const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/payment`, { method: "POST" });
      const answer = (await response.json()) as OrderPaymentAnswer;
      if (answer.paid) confirmed();
      else if (answer.error) toast.error(answer.error);
      else toast.info("Aguardando confirmação do pagamento...");
    } catch {
      toast.error("Erro ao verificar pagamento");
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className="mx-auto max-w-lg px-4 py-8 sm:py-10">
      <h1 className="text-center text-3xl font-bold tracking-tight">Pagamento via PIX</h1>
      <div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <img
          src={`data:image/png;base64,${payment.qrCodeBase64}`}
          alt="QR Code PIX"
          width={256}
          height={256}
          className="size-64 [image-rendering:pixelated]"
        />
        <p className="text-2xl font-bold">{formatBRL(Math.round(payment.amount * 100))}</p>
        {adjustments.map((line) => (
          <p key={line.label} className="-mt-3 text-sm text-slate-600">
            {line.label}: <span className="tabular-nums">{line.amount}</span>
          </p>
        ))}
        <p className="text-sm text-slate-600">Expira em {minutes} minutos</p>
        <div className="w-full">
          <label htmlFor="pix-code" className="text-sm font-medium text-slate-700">
            Código PIX copia e cola
          </label>
          <textarea
            id="pix-code"
            readOnly
            value={payment.brCode}
            rows={3}
            className="mt-1.5 w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all"
          />
        </div>
        <CopyButton
          className="w-full"
          text={payment.brCode}
          label="Copiar Código PIX"
          copiedLabel="Código Copiado!"
          copiedMessage="Código PIX copiado!"
          failedMessage="Erro ao copiar código"
        />
        <p className="flex gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <ShieldCheck aria-hidden className="size-5 shrink-0" />
          Pagamento seguro: este código foi gerado só para o seu pedido, e o pagamento é confirmado pelo banco
          diretamente à loja.
        </p>
        {orderId && (
          <Button variant="outline" className="w-full" disabled={checking} onClick={checkNow}>
            Já Paguei - Verificar Status
          </Button>
        )}
        {sandbox && orderId && (
          <simulation.Form method="post" action="/api/sandbox/payment" className="w-full">
            <input type="hidden" name="orderId" value={orderId} />
            <Button
              type="submit"
              variant="secondary"
              className="w-full"
              disabled={simulation.state !== "idle"}
            >
              Simular pagamento (sandbox)
            </Button>
          </simulation.Form>
        )}
        <p className="text-center text-xs text-slate-500">
          O status do pagamento é atualizado automaticamente assim que o banco confirmar.
        </p>
        <Link to="/account/orders" className={buttonClasses("ghost", "md", "w-full")}>
          Ver Meus Pedidos
        </Link>
      </div>
    </main>
  );
}

/** Whole minutes left, floored at 0, recounted every few seconds. */
function useMinutesLeft(expiresAt: string): number {
  const [minutes, setMinutes] = useState(() => minutesLeft(expiresAt));
  useEffect(() => {
    const timer = setInterval(() => setMinutes(minutesLeft(expiresAt)), 5_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return minutes;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Pagamento via PIX"),
  { name: "robots", content: "noindex" },
];
