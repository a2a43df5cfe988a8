import { data } from "react-router";
import type { Route } from "./+types/policy";
import { policyPageOf, type PolicyKey } from "../domain/store-settings/policy-pages";
import { renderPolicyMarkdown } from "../domain/store-settings/policy-markdown.server";
import type { StoreSettings } from "../domain/store-settings/settings-schema";
import { currentStoreSettings } from "../domain/store-settings/store-settings.server";
import { maskPhone } from "../lib/masks";
import { canonicalLink, pageTitle } from "../lib/seo";

/**
 * 'Trocas e devoluções', 'Política de privacidade' and 'Termos de uso': the owner's text, and
 * below it the contacts the page is about, read from the legal settings so they stay right when
 * the owner changes them there.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = policyPageOf(params.slug);
  if (!page) throw data(null, { status: 404 });
  const { legal, policies } = (await currentStoreSettings(context.db, context.env)).settings;
  const contact = contactOf(page.key, legal);
  return { title: page.title, path: page.path, html: renderPolicyMarkdown(policies[page.key]), contact };
}

/** Who answers for the page's subject: the SAC for returns, the data protection officer for privacy. */
function contactOf(key: PolicyKey, legal: StoreSettings["legal"]) {
  if (key === "privacy") {
    return {
      heading: "Encarregado de dados (LGPD)",
      name: legal.dpoName,
      email: legal.dpoEmail,
      phone: null,
    };
  }
  if (key === "returns") {
    return {
      heading: "Atendimento (SAC)",
      name: null,
      email: legal.sacEmail,
      phone: maskPhone(legal.sacPhone),
    };
  }
  return null;
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { title, html, contact } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {/* Rendered by the server from the owner's Markdown, with raw HTML as text (policy-markdown.server.ts). */}
      <div
        className="mt-6 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {contact && (
        <section aria-labelledby="policy-contact" className="mt-10 rounded-xl border border-slate-200 p-6">
          <h2 id="policy-contact" className="text-lg font-semibold">
            {contact.heading}
          </h2>
          <ul className="mt-3 space-y-1 text-sm text-slate-700">
            {contact.name && <li>{contact.name}</li>}
            <li>
              E-mail:{" "}
              <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
                {contact.email}
              </a>
            </li>
            {contact.phone && <li>{`Telefone: ${contact.phone}`}</li>}
          </ul>
        </section>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: "Página não encontrada" }, { name: "robots", content: "noindex" }];
  return [pageTitle(matches, loaderData.title), ...canonicalLink(matches, loaderData.path)];
};
