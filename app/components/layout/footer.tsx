import { Link } from "react-router";
import type { StorefrontSettings } from "../../domain/store-settings/settings-schema";

export function Footer({ store }: { store: StorefrontSettings }) {
  const { supportEmail, whatsappNumber, instagramUrl } = store.contacts;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-brand-700">{store.identity.name}</p>
          <p className="mt-2 text-sm text-slate-600">
            Tecnologia original com entrega para todo o Brasil e pagamento via PIX.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contato</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>
              <a href={`mailto:${supportEmail}`} className="hover:text-brand-700">
                {supportEmail}
              </a>
            </li>
            <li>
              <a
                href={`https://wa.me/${whatsappNumber}`}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-brand-700"
              >
                WhatsApp
              </a>
            </li>
            {instagramUrl && (
              <li>
                <a
                  href={instagramUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:text-brand-700"
                >
                  Instagram
                </a>
              </li>
            )}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Institucional</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>
              <Link to="/official-reseller" className="hover:text-brand-700">
                Revendedor Oficial
              </Link>
            </li>
            <li>
              <Link to="/catalog" className="hover:text-brand-700">
                Catálogo completo
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} {store.identity.name}. Todos os direitos reservados.
      </p>
    </footer>
  );
}
