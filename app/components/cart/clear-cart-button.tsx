import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button, type ButtonProps } from "../ui/button";
import { Dialog } from "../ui/dialog";

/**
 * 'Limpar carrinho', which asks before emptying the cart. `onConfirm` clears it; without one,
 * confirming submits the button's form as a click would have, so a form that clears the cart
 * still works as a plain form before the page's scripts arrive (then without the question).
 */
export function ClearCartButton({
  onConfirm,
  ...button
}: { onConfirm?: () => void } & Omit<ButtonProps, "onClick" | "children">) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const clear = () => {
    setAsking(false);
    if (onConfirm) onConfirm();
    else trigger.current?.form?.requestSubmit(trigger.current);
  };

  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
      >
        <Trash2 aria-hidden className="size-4" />
        Limpar carrinho
      </Button>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title="Limpar carrinho?"
        description="Todos os itens serão removidos do carrinho."
      >
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => setAsking(false)}>
            Cancelar
          </Button>
          <Button variant="destructive" className="flex-1" onClick={clear}>
            Limpar
          </Button>
        </div>
      </Dialog>
    </>
  );
}
