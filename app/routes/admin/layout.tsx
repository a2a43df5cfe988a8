import { clsx } from "clsx";
import { ArrowLeft } from "lucide-react";
import { data, Link, NavLink, Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout";
import { pageTitle } from "../../lib/seo";
import { buttonClasses } from "../../components/ui/button";
import { requireAdminRole } from "../guards.server";
import { ADMIN_GATE_PATH, gatePathFor } from "./gate-path";

/**
 * Before the gate, every panel page sends its admin to the gate's own page, so the browser never
 * receives a section's answer, a 403 from its `requireAdmin` (reported in the console as an error).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { gatePassed, headers } = await requireAdminRole(context, request);
  const url = new URL(request.url);
  if (!gatePassed && url.pathname !== ADMIN_GATE_PATH) throw redirect(gatePathFor(url), { headers });
  return data({ gatePassed }, { headers });
}

const TABS = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/orders", label: "Pedidos" },
  { to: "/admin/products", label: "Produtos" },
  { to: "/admin/coupons", label: "Cupons" },
  { to: "/admin/promotions", label: "Promoções" },
  { to: "/admin/reviews", label: "Avaliações" },
  { to: "/admin/users", label: "Usuários" },
  { to: "/admin/audit", label: "Auditoria" },
  { to: "/admin/settings", label: "Configurações" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:py-10">
      <header className="flex flex-wrap items-center gap-3">
        <Link to="/account" className={buttonClasses("outline", "sm")}>
          <ArrowLeft aria-hidden className="size-4" />
          Voltar
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Painel de Administração</h1>
      </header>
      {loaderData.gatePassed ? (
        <>
          <nav aria-label="Seções do painel" className="flex gap-1 overflow-x-auto border-b border-slate-200">
            {TABS.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.to === "/admin"}
                className={({ isActive }) =>
                  clsx(
                    "-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap",
                    isActive
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-600 hover:text-slate-900",
                  )
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <Outlet />
        </>
      ) : (
        <Outlet />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Painel de Administração"),
  { name: "robots", content: "noindex" },
];
