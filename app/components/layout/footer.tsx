import { Link } from "react-router";
import { POLICY_PAGES } from "../../domain/store-settings/policy-pages";
import { sellerIdentityLine } from "../../domain/store-settings/seller-identity";
import type { StorefrontSettings } from "../../domain/store-settings/settings-schema";
import { maskPhone } from "../../lib/masks";
import { whatsappLink } from "../../lib/whatsapp";

const linkClasses = "hover:text-brand-700";

export function Footer({ store }: { store: StorefrontSettings }) {
  const { identity, legal, contacts } = store;
  const socialLinks = [
    { label: "Instagram", url: contacts.instagramUrl },
    { label: "Facebook", url: contacts.facebookUrl },
    { label: "YouTube", url: contacts.youtubeUrl },
    { label: "TikTok", url: contacts.tiktokUrl },
  ].filter((link): link is { label: string; url: string } => Boolean(link.url));
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-brand-700">{identity.name}</p>
          <p className="mt-2 text-sm text-slate-600">{identity.description}</p>
          {socialLinks.length > 0 && (
            <ul
              aria-label="Redes sociais"
              className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700"
            >
              {socialLinks.map((link) => (
                <li key={link.label}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contato</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>
              <a href={`mailto:${contacts.supportEmail}`} className={linkClasses}>
                {contacts.supportEmail}
              </a>
            </li>
            <li>
              <a
                href={whatsappLink(contacts.whatsappNumber)}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClasses}
              >
                WhatsApp
              </a>
            </li>
            <li>
              SAC{" "}
              <a href={`tel:+55${legal.sacPhone}`} className={linkClasses}>
                {maskPhone(legal.sacPhone)}
              </a>
              {/* The same address twice would read as two ways to write; once is enough. */}
              {legal.sacEmail !== contacts.supportEmail && (
                <>
                  {" · "}
                  <a href={`mailto:${legal.sacEmail}`} className={linkClasses}>
                    {legal.sacEmail}
                  </a>
                </>
              )}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Institucional</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {store.promises.officialReseller && (
              <li>
                <Link to="/official-reseller" className={linkClasses}>
                  Revendedor Oficial
                </Link>
              </li>
            )}
            <li>
              <Link to="/catalog" className={linkClasses}>
                Catálogo completo
              </Link>
            </li>
            {POLICY_PAGES.map((page) => (
              <li key={page.key}>
                <Link to={page.path} className={linkClasses}>
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-700">
        <address className="not-italic">{sellerIdentityLine(legal)}</address>
        <p className="mt-1 text-xs text-slate-600">
          © {new Date().getFullYear()} {identity.name}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
