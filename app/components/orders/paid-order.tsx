import { Download, Mail } from "lucide-react";
import { Link } from "react-router";
import type { OrderLine } from "../../domain/orders/order-line";
import type { TotalAdjustment } from "../../domain/orders/order-total";
import { formatBRL } from "../../lib/money";
import { orderNumber } from "../../lib/order-number";
import { buttonClasses } from "../ui/button";
import { OrderLines } from "./order-line-row";
import { ReceiptDownloadLink } from "./receipt-download-link";

/** A paid order as its customer sees it right after paying, whatever the method. */
export interface PaidOrderView {
  id: string;
  totalCents: number;
  paidAtText: string;
  /** How it was paid: 'PIX', 'Cartão de crédito em 3x', 'Boleto'. */
  methodText: string;
  items: OrderLine[];
  adjustments: TotalAdjustment[];
}

/**
 * What a paid order's page says below its heading, by PIX or by card: the order, its total, when
 * and how it was paid, what was bought, the confirmation e-mail to expect (from `sender`), the
 * receipt, and where to go next.
 */
export function PaidOrder({ order, sender }: { order: PaidOrderView; sender: string }) {
  return (
    <>
      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Pedido</dt>
            <dd className="font-semibold">#{orderNumber(order.id)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Total</dt>
            <dd className="font-semibold">{formatBRL(order.totalCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Pago em</dt>
            <dd className="font-semibold">{order.paidAtText}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Forma de pagamento</dt>
            <dd className="font-semibold">{order.methodText}</dd>
          </div>
        </dl>
        <OrderLines items={order.items} adjustments={order.adjustments} totalCents={order.totalCents} />
      </section>
      <p className="mt-6 flex gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        <Mail aria-hidden className="size-5 shrink-0" />
        <span>
          Você receberá um e-mail de confirmação em breve. Se não encontrá-lo, verifique a caixa de spam e
          adicione <strong>{sender}</strong> aos seus contatos.
        </span>
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ReceiptDownloadLink orderId={order.id} className={buttonClasses("default", "md", "sm:flex-1")}>
          <Download aria-hidden className="size-4" />
          Baixar Comprovante de Pedido
        </ReceiptDownloadLink>
        <Link to="/account/orders" className={buttonClasses("outline", "md", "sm:flex-1")}>
          Ver Meus Pedidos
        </Link>
        <Link to="/" className={buttonClasses("ghost", "md", "sm:flex-1")}>
          Continuar Comprando
        </Link>
      </div>
    </>
  );
}
