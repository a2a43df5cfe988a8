import { Package } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../ui/button";

/** The spec's empty state of a customer's orders: 'Nenhum pedido ainda' and 'Começar a Comprar'. */
export function NoOrdersYet() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <Package aria-hidden className="mx-auto size-10 text-slate-400" />
      <p className="mt-4 font-medium">Nenhum pedido ainda</p>
      <Link to="/" className={buttonClasses("default", "md", "mt-4")}>
        Começar a Comprar
      </Link>
    </div>
  );
}
