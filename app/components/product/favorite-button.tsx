import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { FavoriteAnswer } from "../../domain/catalog/favorites";
import { toast } from "../toasts";
import { buttonClasses } from "../ui/button";

type FavoriteIntent = "add" | "remove";

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
  const lastIntent = useRef<FavoriteIntent>("add");
  const pendingIntent = fetcher.formData?.get("intent");
  // Once the change is saved the loaders revalidate, so `favorited` is the truth again (and stays
  // right when the page moves on to another product).
  const filled = pendingIntent ? pendingIntent === "add" : favorited === true;

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
    if (favorited === null) {
      toast.info("Faça login para adicionar favoritos");
      return;
    }
    lastIntent.current = filled ? "remove" : "add";
    void fetcher.submit(
      { productId, intent: lastIntent.current },
      { method: "post", action: "/api/favorites" },
    );
  };

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
