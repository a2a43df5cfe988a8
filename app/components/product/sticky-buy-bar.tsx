import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { formatBRL } from "../../lib/money";

/**
 * On a phone, once the page's own buy button has scrolled up out of sight, a bar fixed at the
 * bottom of the screen with the price and the same button, so the shopper reading the
 * description or the specs can still buy. Shown only then: at the top of the page the button is
 * ahead, where the shopper is going.
 */
export function StickyBuyBar({
  buyButton,
  priceCents,
  children,
}: {
  /** The page's buy button (its row): the bar shows while it is above the screen. */
  buyButton: RefObject<HTMLElement | null>;
  priceCents: number;
  /** The bar's buy button. */
  children: ReactNode;
}) {
  const scrolledPast = useScrolledPast(buyButton);
  if (!scrolledPast) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:hidden">
      <p className="shrink-0 text-lg font-bold text-slate-900 tabular-nums">{formatBRL(priceCents)}</p>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** Whether `element` is out of sight above the screen (scrolled past), as the page scrolls. */
function useScrolledPast(element: RefObject<HTMLElement | null>): boolean {
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const observed = element.current;
    if (!observed) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setScrolledPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
    });
    observer.observe(observed);
    return () => observer.disconnect();
  }, [element]);
  return scrolledPast;
}
