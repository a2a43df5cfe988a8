import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "../ui/button";

/** What `/api/favorites` answers. */
export interface FavoriteAnswer {
  favorited?: boolean;
  error?: string;
}

/**
 * The favourite toggle. `favorited` is null for a visitor, who is asked to sign in first (spec
 * section 6); for a customer the heart fills at once and the server confirms.
 */
export function FavoriteButton({
  productId,
  favorited,
  className,
}: {
  productId: number;
  favorited: boolean | null;
  className?: string;
}) {
  const fetcher = useFetcher<FavoriteAnswer>();
  const lastIntent = useRef<"add" | "remove">("add");
  const pending = fetcher.formData?.get("intent");
  const filled = pending ? pending === "add" : (fetcher.data?.favorited ?? favorited) === true;

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.error) {
      toast.error(
        lastIntent.current === "add" ? "Erro ao adicionar aos favoritos" : "Erro ao remover dos favoritos",
      );
    } else {
      toast.success(
        fetcher.data.favorited ? "Produto adicionado aos favoritos!" : "Produto removido dos favoritos",
      );
    }
  }, [fetcher.data]);

  const toggle = () => {
    lastIntent.current = filled ? "remove" : "add";
    fetcher.submit({ productId, intent: lastIntent.current }, { method: "post", action: "/api/favorites" });
  };

  if (favorited === null) {
    return (
      <button
        type="button"
        aria-label="Adicionar aos favoritos"
        aria-pressed={false}
        onClick={() => toast.info("Faça login para adicionar favoritos")}
        className={buttonClasses("outline", "icon", clsx("h-12 w-12 shrink-0", className))}
      >
        <Heart aria-hidden className="size-5" />
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-label={filled ? "Remover dos favoritos" : "Adicionar aos favoritos"}
      aria-pressed={filled}
      onClick={toggle}
      className={buttonClasses("outline", "icon", clsx("h-12 w-12 shrink-0", className))}
    >
      <Heart aria-hidden className={clsx("size-5", filled && "fill-current text-red-600")} />
    </button>
  );
}
