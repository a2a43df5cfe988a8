import { Truck } from "lucide-react";
import type { Route } from "./+types/track";

export default function TrackOrder() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <Truck aria-hidden className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-4 text-xl font-semibold">Rastrear Pedido</h1>
      <p className="mt-2 text-slate-600">
        Em breve você poderá acompanhar a entrega dos seus pedidos por aqui.
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Rastrear Pedido | Vitrine" }];
