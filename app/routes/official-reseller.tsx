import { BadgeCheck, Headphones, ShieldCheck, Truck } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/official-reseller";
import { MARKETPLACES, MarketplaceCard, type MarketplaceId } from "../components/marketplace-logos";
import { buttonClasses } from "../components/ui/button";
import { currentStoreSettings } from "../domain/store-settings/store-settings.server";
import {
  freeReturnPromise,
  freeShippingPromise,
  standardResellerText,
  warrantyPromise,
} from "../domain/store-settings/store-promises";
import { canonicalLink, pageTitle } from "../lib/seo";

/**
 * The owner's text, the store's promises, and its page on each marketplace (null where none is
 * set). A store that is not an official reseller has no such page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { settings } = await currentStoreSettings(context.db, context.env);
  const { home, identity, contacts, promises, freight } = settings;
  if (!promises.officialReseller) throw data(null, { status: 404 });
  const storePages: Record<MarketplaceId, string | null> = {
    mercadoLivre: contacts.mercadoLivreUrl,
    amazon: contacts.amazonUrl,
    shopee: contacts.shopeeUrl,
    magalu: contacts.magaluUrl,
  };
  const guarantees = [warrantyPromise(promises), freeReturnPromise(promises)].filter(
    (promise) => promise !== null,
  );
  return {
    text: home.resellerText ?? standardResellerText(identity.name),
    guarantees,
    description: [
      "Revendedor oficial certificado: produtos originais",
      ...guarantees.map((promise) => promise.toLowerCase()),
      "entrega em todo o Brasil.",
    ].join(", "),
    storePages,
    freeShipping: freeShippingPromise(freight),
  };
}

/** 'Garantia de 12 meses e devolução grátis em até 30 dias': one sentence of the promises. */
function joinedPromises([first, ...rest]: string[]): string {
  return [first, ...rest.map((promise) => promise.toLowerCase())].join(" e ");
}

const ORIGINAL = {
  icon: BadgeCheck,
  title: "Produtos originais",
  text: "Todos os produtos vêm direto dos fabricantes e distribuidores oficiais, com nota fiscal.",
};
/** The delivery's card: its free shipping, when the store gives it. */
function deliveryBenefit(freeShipping: string | null) {
  return {
    icon: Truck,
    title: "Entrega para todo o Brasil",
    text: `${freeShipping ? `${freeShipping} e envio` : "Envio"} rápido, com acompanhamento do pedido.`,
  };
}
const SUPPORT = {
  icon: Headphones,
  title: "Suporte especializado",
  text: "Equipe técnica para ajudar na escolha e no uso dos seus produtos.",
};

export default function OfficialReseller({ loaderData }: Route.ComponentProps) {
  const { guarantees, freeShipping } = loaderData;
  // The warranty's card only when the store promises a warranty or a free return.
  const benefits = [
    ORIGINAL,
    ...(guarantees.length > 0
      ? [{ icon: ShieldCheck, title: "Garantia oficial", text: `${joinedPromises(guarantees)}.` }]
      : []),
    deliveryBenefit(freeShipping),
    SUPPORT,
  ];
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="text-center">
        <BadgeCheck aria-hidden className="mx-auto size-14 text-brand-600" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Revendedor Oficial Certificado</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">{loaderData.text}</p>
      </div>

      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 p-6">
            <Icon aria-hidden className="size-8 text-brand-600" />
            <h2 className="mt-4 font-semibold">{title}</h2>
            <p className="mt-2 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="marketplaces-heading" className="mt-14 text-center">
        <h2 id="marketplaces-heading" className="text-2xl font-bold tracking-tight">
          Também estamos nos principais marketplaces
        </h2>
        <ul className="mx-auto mt-6 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
          {MARKETPLACES.map((marketplace) => (
            <li key={marketplace.id}>
              <MarketplaceCard marketplace={marketplace} url={loaderData.storePages[marketplace.id]} />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-12 text-center">
        <Link to="/catalog" className={buttonClasses("default", "lg")}>
          Ver produtos
        </Link>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  pageTitle(matches, "Revendedor Oficial"),
  ...(loaderData ? [{ name: "description", content: loaderData.description }] : []),
  ...canonicalLink(matches, "/official-reseller"),
];
