import { clsx } from "clsx";
import type { HTMLAttributes } from "react";

export type BadgeVariant = "default" | "secondary" | "outline" | "destructive";

const variants: Record<BadgeVariant, string> = {
  default: "bg-brand-600 text-white",
  secondary: "bg-slate-100 text-slate-800",
  outline: "border border-slate-300 text-slate-800",
  destructive: "bg-red-600 text-white",
};

export function Badge({
  variant = "default",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
