import type { MouseEvent, ReactNode } from "react";
import { receiptFileName } from "../../domain/orders/receipt";
import { toast } from "../toasts";

const RECEIPT_MESSAGES = {
  downloaded: "Comprovante baixado com sucesso!",
  failed: "Erro ao baixar comprovante",
} as const;

/**
 * A link that downloads an order's HTML receipt, also before the page's scripts arrive. With them,
 * the receipt is fetched first, so the spec's 'Comprovante baixado com sucesso!' comes once it is
 * saved, and a receipt that could not be had says so instead.
 */
export function ReceiptDownloadLink({
  orderId,
  className,
  label,
  children,
}: {
  orderId: string;
  className: string;
  /** The link's accessible name, when its text alone does not name the order. */
  label?: string;
  children: ReactNode;
}) {
  const href = `/account/orders/${orderId}/receipt`;
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const response = await fetch(href).catch(() => null);
    // Sent to sign in (the session ended): go there as the plain link would, rather than save that page.
    if (response?.redirected) {
      window.location.assign(href);
      return;
    }
    if (!response?.ok) {
      toast.error(RECEIPT_MESSAGES.failed);
      return;
    }
    const saved = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = saved;
    link.download = receiptFileName(orderId);
    link.click();
    // The download has its own copy once it started.
    setTimeout(() => URL.revokeObjectURL(saved), 1_000);
    toast.success(RECEIPT_MESSAGES.downloaded);
  };
  return (
    <a
      href={href}
      download
      aria-label={label}
      className={className}
      onClick={(event) => void download(event)}
    >
      {children}
    </a>
  );
}
