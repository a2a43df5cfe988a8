import { Star } from "lucide-react";
import { clsx } from "clsx";

/** Stars out of five, read as 'N de 5 estrelas'; a fraction of a star shows as a whole or none. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const label = `${String(rating).replace(".", ",")} de 5 estrelas`;
  return (
    <span role="img" aria-label={label} className={clsx("flex gap-0.5 text-amber-500", className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={clsx("size-4", star <= Math.round(rating) ? "fill-current" : "text-slate-300")}
        />
      ))}
    </span>
  );
}
