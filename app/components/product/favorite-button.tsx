import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { FavoriteAnswer } from "../../domain/catalog/favorites";
import { toast } from "../toasts";
import { buttonClasses } from "../ui/button";

type FavoriteIntent = "add" | "remove";

/**
 * The favourite toggle. `favorited` is null for a visitor, who is asked to sign in first (spec
 * section 6); for a customer the heart fills at once and the server confirms. The answer is said
 * by the request itself, not by a render of this button: on 'Meus Favoritos' the removed card
 * leaves the page as soon as the list is read again.
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
  const revalidator = useRevalidator();
  const [pendingIntent, setPendingIntent] = useState<FavoriteIntent | null>(null);
  // Once the change is saved the loaders revalidate, so `favorited` is the truth again (and stays
  // right when the page moves on to another product).
  const filled = pendingIntent ? pendingIntent === "add" : favorited === true;

  const toggle = async () => {
    if (favorited === null) {
      toast.info("Faça login para adicionar favoritos");
      return;
    }
    const intent = filled ? "remove" : "add";
    setPendingIntent(intent);
    const answer = await saveFavorite(productId, intent);
    if (answer.error) {
      toast.error(intent === "add" ? "Erro ao adicionar aos favoritos" : "Erro ao remover dos favoritos");
    } else {
      toast.success(
        answer.favorited ? "Produto adicionado aos favoritos!" : "Produto removido dos favoritos",
      );
    }
    await revalidator.revalidate();
    setPendingIntent(null);
  };

  return (
    <button
      type="button"
      aria-label={filled ? "Remover dos favoritos" : "Adicionar aos favoritos"}
      aria-pressed={filled}
      onClick={() => void toggle()}
      className={buttonClasses("outline", "icon", clsx("h-12 w-12 shrink-0", className))}
    >
      <Heart aria-hidden className={clsx("size-5", filled && "fill-current text-red-600")} />
    </button>
  );
}

async function saveFavorite(productId: number, intent: FavoriteIntent): Promise<FavoriteAnswer> {
  try {
    const response = await fetch("/api/favorites", {
      method: "POST",
      body: new URLSearchParams({ productId: String(productId), intent }),
    });
    return (await response.json()) as FavoriteAnswer;
  } catch {
    return { error: "Sem conexão" };
  }
}
