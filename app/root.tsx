import { useEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import type { loader as cartLoader } from "./routes/cart";
import type { loader as checkoutLoader } from "./routes/checkout";
import "./app.css";
import { CartProvider } from "./components/cart/cart-context";
import { Footer } from "./components/layout/footer";
import { TopBar } from "./components/layout/top-bar";
import { Toasts } from "./components/toasts";
import { useNonce } from "./components/nonce";
import { NotFoundPage } from "./components/not-found-page";
import type { RootPaymentData } from "./components/product/payment-offers";
import { publicOrigin } from "./config/public-origin.server";
import { readSession } from "./domain/accounts/session.server";
import { brandShades } from "./domain/store-settings/brand-colour";
import { storefrontSettings } from "./domain/store-settings/store-settings.server";
import { currentCatalogIndex } from "./domain/catalog/catalog-index.server";
import { titleWithStore } from "./lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [session, store, catalog] = await Promise.all([
    readSession(context, request),
    storefrontSettings(context.db, context.env),
    currentCatalogIndex(context.db),
  ]);
  const user = session.user && {
    name: session.user.name,
    email: session.user.email,
    avatarUrl: session.user.avatarUrl,
  };
  return data(
    {
      origin: publicOrigin(request, context.env),
      // What every price's payment offers read (PaymentOffers).
      ...({ store, cardPayments: context.card !== null } satisfies RootPaymentData),
      // The top bar's category menu.
      categories: catalog.categories,
      user,
    },
    { headers: session.headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // The pages that read the signed-in customer's cart hand it over, so it shows before the scripts run.
  const cartPage = useRouteLoaderData<typeof cartLoader>("routes/cart");
  const checkoutPage = useRouteLoaderData<typeof checkoutLoader>("routes/checkout");
  const pageCartItems = cartPage?.items ?? (checkoutPage?.signedIn ? checkoutPage.items : undefined);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Stylesheets need no nonce (style-src allows self); an empty one keeps server and browser markup equal. */}
        <Links nonce="" />
        <StoreIcon faviconUrl={root?.store.logo.faviconUrl ?? null} />
        {root && <BrandColours primary={root.store.identity.primaryColor} />}
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <CartProvider signedIn={Boolean(root?.user)} pageCartItems={root?.user ? pageCartItems : undefined}>
          <TopBar
            store={root ? { name: root.store.identity.name, logoUrl: root.store.logo.logoUrl } : null}
            categories={root?.categories ?? []}
            user={root?.user ?? null}
          />
          <ProductsLoadingNotice />
          <div className="flex-1">{children}</div>
          {root && <Footer store={root.store} />}
          <Toasts />
        </CartProvider>
        <ScrollToTopOnRouteChange />
        <RecheckSessionWhenVisible signedIn={Boolean(root?.user)} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The icon made from the owner's logo (Configurações da loja), or the demo store's. Both are PNG:
 * Chromium reads an SVG icon as a document of its own, 10-25 ms of the page's main thread while
 * it hydrates.
 */
function StoreIcon({ faviconUrl }: { faviconUrl: string | null }) {
  return <link rel="icon" href={faviconUrl ?? "/favicon.png"} type="image/png" />;
}

/** The owner's primary colour as the `brand-*` shades the storefront's classes use (app.css). */
function BrandColours({ primary }: { primary: string }) {
  const shades = Object.entries(brandShades(primary))
    .map(([shade, hex]) => `--color-brand-${shade}:${hex};`)
    .join("");
  return <style>{`:root{${shades}}`}</style>;
}

export default function App() {
  return <Outlet />;
}

/** The spec scrolls smoothly to the top on each route change (a new path, not a new filter). */
function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return; // the first render is not a route change
    previous.current = pathname;
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);
  return null;
}

/** Back on a tab after a while, a signed-in page checks that its session still holds. */
function RecheckSessionWhenVisible({ signedIn }: { signedIn: boolean }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!signedIn) return;
    const recheck = () => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", recheck);
    return () => document.removeEventListener("visibilitychange", recheck);
  }, [signedIn, revalidator]);
  return null;
}

const PRODUCT_LISTS = new Set(["/", "/catalog"]);

/** While the browser fetches a product list (home, catalogue, a new filter), say so. */
function ProductsLoadingNotice() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !PRODUCT_LISTS.has(navigation.location.pathname)) return null;
  return (
    <p role="status" className="bg-brand-50 py-2 text-center text-sm text-brand-700">
      Carregando produtos...
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Details go to the server log; the visitor gets a plain message, never a stack trace.
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{titleWithStore("Erro", root?.store.identity.name)}</title>
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="mt-2 text-slate-600">Ocorreu um erro inesperado. Tente novamente em instantes.</p>
      <Link to="/" className="mt-6 inline-block text-brand-600 underline">
        Voltar para o início
      </Link>
    </main>
  );
}
