import { Heart } from "lucide-react";
import { toast } from "sonner";
import { buttonClasses } from "../ui/button";

/** The favourite toggle; a visitor is asked to sign in first (spec section 6). */
export function FavoriteButton() {
  return (
    <button
      type="button"
      aria-label="Adicionar aos favoritos"
      aria-pressed={false}
      onClick={() => toast.info("Faça login para adicionar favoritos")}
      className={buttonClasses("outline", "icon", "h-12 w-12 shrink-0")}
    >
      <Heart aria-hidden className="size-5" />
    </button>
  );
}
