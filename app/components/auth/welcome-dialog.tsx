import { Link } from "react-router";
import { Dialog } from "../ui/dialog";
import { buttonClasses } from "../ui/button";
import { firstName } from "../../lib/first-name";

/** Who just came in: a new account (the spec's 'Bem-vindo!') or a returning customer. */
export interface Welcome {
  kind: "login" | "signup";
  name?: string;
  /** Where a new account was going when it signed up: the first step leads back there. */
  returnTo?: string;
}

function welcomeTexts({ kind, name }: Welcome): { title: string; description: string } {
  if (kind === "signup") return { title: "Bem-vindo!", description: "Sua conta está pronta para uso." };
  const first = firstName(name);
  return {
    title: first ? `Bem-vindo de volta, ${first}!` : "Bem-vindo de volta!",
    description: "Que bom ver você de novo.",
  };
}

/** After a sign-in or sign-up: where to go next. */
export function WelcomeDialog({
  welcome,
  open,
  onOpenChange,
}: {
  welcome: Welcome | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { title, description } = welcomeTexts(welcome ?? { kind: "signup" });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <NextSteps returnTo={welcome?.returnTo} />
    </Dialog>
  );
}

/** The same welcome on a page of its own, for a form posted before the scripts ran. */
export function WelcomeMessage({ welcome }: { welcome: Welcome }) {
  const { title, description } = welcomeTexts(welcome);
  return (
    <section aria-labelledby="welcome-heading" className="flex flex-col gap-4">
      <h1 id="welcome-heading" className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="text-slate-600">{description}</p>
      <NextSteps returnTo={welcome.returnTo} />
    </section>
  );
}

function NextSteps({ returnTo }: { returnTo: string | undefined }) {
  return (
    <div className="flex flex-col gap-2">
      {returnTo && (
        <Link to={returnTo} className={buttonClasses("default", "md")}>
          {returnTo.startsWith("/checkout") ? "Continuar a compra" : "Continuar de onde parei"}
        </Link>
      )}
      <Link to="/account" className={buttonClasses(returnTo ? "outline" : "default", "md")}>
        Ir para sua conta
      </Link>
      <Link to="/" className={buttonClasses("outline", "md")}>
        Voltar para página inicial
      </Link>
    </div>
  );
}
