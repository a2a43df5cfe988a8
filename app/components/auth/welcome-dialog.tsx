import { Link } from "react-router";
import { Dialog } from "../ui/dialog";
import { buttonClasses } from "../ui/button";

/** After a sign-in or sign-up: where to go next. */
export function WelcomeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Bem-vindo!"
      description="Sua conta está pronta para uso."
    >
      <div className="flex flex-col gap-2">
        <Link to="/account" className={buttonClasses("default", "md")}>
          Ir para sua conta
        </Link>
        <Link to="/" className={buttonClasses("outline", "md")}>
          Voltar para página inicial
        </Link>
      </div>
    </Dialog>
  );
}
