import { Link } from "react-router";
import { formatBRL } from "../../lib/money";
import { buttonClasses } from "../ui/button";

/**
 * Below md the summary comes after every line, so this bar keeps the total and 'Finalizar
 * Compra' at the bottom of the screen while the lines scroll past (sticky within the lines'
 * section, it rests at the section's end, just above the summary).
 */
export function CartSummaryBar({ totalCents }: { totalCents: number }) {
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-4 flex items-center justify-between gap-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] md:hidden">
      <p className="flex min-w-0 flex-col text-sm text-slate-600">
        Total
        <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatBRL(totalCents)}</span>
      </p>
      <Link to="/checkout" className={buttonClasses("default", "lg", "shrink-0 px-4 whitespace-nowrap")}>
        Finalizar Compra
      </Link>
    </div>
  );
}
