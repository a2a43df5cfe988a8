import { clsx } from "clsx";
import { ArrowLeft } from "lucide-react";
import { data, Link, NavLink, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { Avatar } from "../../components/account/avatar";
import { EmailConfirmationNotice } from "../../components/account/email-confirmation-notice";
import { ACCOUNT_SECTIONS } from "../../components/account/sections";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, headers } = await requireUser(context, request);
  const { name, email, avatarUrl, role, emailVerified } = user;
  return data({ user: { name, email, avatarUrl, role, emailVerified } }, { headers });
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sections = ACCOUNT_SECTIONS.filter((section) => !section.adminOnly || user.role === "admin");
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/account");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row md:py-10">
      <header className="flex items-center gap-3 md:hidden">
        <Link
          to="/"
          aria-label="Voltar para o início"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </Link>
        <Avatar name={user.name} email={user.email} avatarUrl={user.avatarUrl} className="size-10 text-sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{user.name || user.email}</p>
          <p className="text-xs text-slate-600">Minha conta</p>
        </div>
        <label htmlFor="account-section" className="sr-only">
          Ir para a seção
        </label>
        <select
          id="account-section"
          value={sections.find((section) => section.to === pathname)?.to ?? "/account"}
          onChange={(event) => navigate(event.target.value)}
          className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          {sections.map((section) => (
            <option key={section.to} value={section.to}>
              {section.label}
            </option>
          ))}
        </select>
      </header>

      <aside className="hidden w-64 shrink-0 md:block">
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 p-4">
          <Avatar
            name={user.name}
            email={user.email}
            avatarUrl={user.avatarUrl}
            className="size-12 text-base"
          />
          <div className="min-w-0">
            <p className="truncate font-semibold">Olá, {user.name || user.email}!</p>
            <p className="text-sm text-slate-600">{user.role === "admin" ? "Administrador" : "Cliente"}</p>
          </div>
        </div>
        <nav aria-label="Minha conta" className="mt-4">
          <ul className="flex flex-col gap-1">
            {sections.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) =>
                    clsx(
                      "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
                      isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50",
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>

      <main className="min-w-0 flex-1" aria-busy={loading}>
        {!user.emailVerified && <EmailConfirmationNotice email={user.email} />}
        {loading ? (
          <p role="status" className="text-slate-600">
            Carregando...
          </p>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
