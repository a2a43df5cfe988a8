import { Heart, Package, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { pageTitle, storeDescription } from "../../lib/seo";
import { buttonClasses } from "../../components/ui/button";
import { accountOverview } from "../../domain/accounts/overview.server";
import { maskCnpj, maskCpf, maskPhone } from "../../lib/masks";
import { formatBRL } from "../../lib/money";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  return { email: user.email, overview: await accountOverview(context.db, user.id) };
}

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { overview, email } = loaderData;
  const { profile } = overview;
  const cards = [
    { icon: Package, label: "Pedidos", value: String(overview.orders) },
    { icon: Wallet, label: "Total gasto", value: formatBRL(overview.spentCents) },
    { icon: Heart, label: "Favoritos", value: String(overview.favorites) },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Visão Geral</h1>
      <ul className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ icon: Icon, label, value }) => (
          <li key={label} className="rounded-xl border border-slate-200 p-5">
            <Icon aria-hidden className="size-6 text-brand-600" />
            <p className="mt-3 text-sm text-slate-600">{label}</p>
            <p className="text-2xl font-bold">{value}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="profile-heading" className="rounded-xl border border-slate-200 p-5">
        <h2 id="profile-heading" className="text-lg font-semibold">
          Informações do perfil
        </h2>
        {profile ? (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Detail label="Nome" value={profile.fullName} />
            <Detail label="E-mail" value={email} />
            <Detail label="Telefone" value={maskPhone(profile.phone)} />
            {profile.userType === "PF" ? (
              <Detail label="CPF" value={maskCpf(profile.cpf ?? "")} />
            ) : (
              <Detail label="CNPJ" value={maskCnpj(profile.cnpj ?? "")} />
            )}
          </dl>
        ) : (
          <div className="mt-3 flex flex-col items-start gap-3">
            <p className="text-slate-600">Você ainda não completou seu perfil.</p>
            <Link to="/account/profile" className={buttonClasses("default", "sm")}>
              Completar perfil
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Minha Conta"),
  ...storeDescription(matches),
];
