import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button, type ButtonProps } from "../ui/button";
import { Dialog } from "../ui/dialog";

/**
 * 'Limpar carrinho', the submit button of a form that clears the cart, which asks first: confirming
 * submits the form as the click would have. Before the page's scripts arrive the click submits it
 * at once, as a plain form (then without the question).
 */
export function ClearCartButton(button: Omit<ButtonProps, "onClick" | "children" | "type">) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const clear = () => {
    setAsking(false);
    trigger.current?.form?.requestSubmit(trigger.current);
  };

  return (
    <>
      <Button
        ref={trigger}
        type="submit"
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
