import { clsx } from "clsx";
import { percentOff } from "../../domain/catalog/product-details";
import { formatBRL } from "../../lib/money";
import { Badge } from "../ui/badge";
import { PaymentOffers } from "./payment-offers";

/**
 * A price as the store shows it: 'de R$ 1.999,00' struck through, 'por R$ 1.699,00' and '15% OFF'
 * on a promotion; 'a partir de R$ X' when the product's variants differ in price; then the PIX
 * price and the instalments of that price.
 */
export function ProductPrice({
  priceCents,
  compareAtCents,
  startingAt = false,
  size,
}: {
  priceCents: number;
  compareAtCents: number | null;
  startingAt?: boolean;
  size: "card" | "page";
}) {
  const promotion = compareAtCents !== null && compareAtCents > priceCents;
  const lead = startingAt ? "a partir de" : promotion ? "por" : null;
  return (
    <div className={clsx("flex flex-col", size === "card" ? "mt-auto pt-2" : "gap-1")}>
      {promotion && (
        <p className={clsx("text-slate-500", size === "card" ? "text-xs" : "text-sm")}>
          de <s>{formatBRL(compareAtCents)}</s>
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-2">
        {lead && <span className="text-sm text-slate-600">{lead}</span>}
        <span
          className={clsx("text-slate-900", size === "card" ? "text-lg font-semibold" : "text-3xl font-bold")}
        >
          {formatBRL(priceCents)}
        </span>
        {promotion && <Badge variant="destructive">{`${percentOff(priceCents, compareAtCents)}% OFF`}</Badge>}
      </p>
      <PaymentOffers
        lines={[{ unitPriceCents: priceCents, quantity: 1 }]}
        className={size === "card" ? "text-xs" : undefined}
      />
    </div>
  );
}
