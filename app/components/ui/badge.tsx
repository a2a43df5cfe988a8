import { clsx } from "clsx";
import type { LucideIcon } from "lucide-react";
import type { HTMLAttributes } from "react";

export type BadgeVariant = "default" | "secondary" | "outline" | "destructive";

const variants: Record<BadgeVariant, string> = {
  default: "bg-brand-600 text-white",
  secondary: "bg-slate-100 text-slate-800",
  outline: "border border-slate-300 text-slate-800",
  destructive: "bg-red-600 text-white",
};

/**
 * A small label; `icon` goes before the text as a drawn icon (a symbol character such as ⏱ is
 * missing from many fonts and shows as an empty box).
 */
export function Badge({
  variant = "default",
  icon: Icon,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant; icon?: LucideIcon }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        Icon && "gap-1",
        variants[variant],
        className,
      )}
      {...props}
    >
      {Icon && <Icon aria-hidden className="size-3.5 shrink-0" />}
      {children}
    </span>
  );
}
