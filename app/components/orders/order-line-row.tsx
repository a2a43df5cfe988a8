import { useState } from "react";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog/product-card";
import type { OrderLine } from "../../domain/orders/order-line";
import { adjustmentLines, type TotalAdjustment } from "../../domain/orders/order-total";
import { formatBRL } from "../../lib/money";
import { Badge } from "../ui/badge";

/**
 * One line of an order as bought: picture, quantity badge, name, variant, quantity x unit price,
 * line total; for the shop (`showSku`), the SKU too.
 */
export function OrderLineRow({ line, showSku = false }: { line: OrderLine; showSku?: boolean }) {
  return (
    <li className="flex items-center gap-3">
      <div className="relative shrink-0">
        <OrderLineImage src={line.image} />
        <Badge variant="secondary" className="absolute -top-2 -right-2 border border-white px-1.5">
          <span className="sr-only">Quantidade: </span>
          {line.quantity}
        </Badge>
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium [overflow-wrap:anywhere]">{line.name}</p>
        {line.variantLabel !== "" && <p className="text-sm text-slate-600">{line.variantLabel}</p>}
        {showSku && line.sku !== null && <p className="text-xs text-slate-500">SKU: {line.sku}</p>}
        <p className="text-sm text-slate-600">
          {line.quantity} x {formatBRL(line.unitPriceCents)}
        </p>
      </div>
      <p className="font-medium whitespace-nowrap tabular-nums">
        {formatBRL(line.quantity * line.unitPriceCents)}
      </p>
    </li>
  );
}

/** The picture bought, or the placeholder when it is missing or no longer loads. */
function OrderLineImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  const shown = !src || failed ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      src={shown}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      className="size-14 rounded-lg border border-slate-200 bg-slate-50 object-contain"
      // An image that failed before hydration fired its error event before React listened.
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0 && shown !== PLACEHOLDER_IMAGE) setFailed(true);
      }}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(true);
      }}
    />
  );
}

/** An order's lines as bought, the adjustments of its total (its PIX discount…), and its total. */
export function OrderLines({
  items,
  adjustments,
  totalCents,
  showSku = false,
}: {
  items: OrderLine[];
  adjustments: TotalAdjustment[];
  totalCents: number;
  showSku?: boolean;
}) {
  return (
    <>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <OrderLineRow key={item.id} line={item} showSku={showSku} />
        ))}
      </ul>
      <div className="mt-4 space-y-1 border-t border-slate-100 pt-4 text-right">
        {adjustmentLines(adjustments).map((line) => (
          <p key={line.label} className="text-sm text-slate-600">
            {line.label}: <span className="tabular-nums">{line.amount}</span>
          </p>
        ))}
        <p className="font-semibold">Total: {formatBRL(totalCents)}</p>
      </div>
    </>
  );
}
