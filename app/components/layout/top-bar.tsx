import { clsx } from "clsx";
import { Menu, ShoppingCart, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useCart } from "../cart/cart-context";
import { buttonClasses } from "../ui/button";
import { CategoryMenu, categoryPath } from "./category-menu";
import { HeaderSearch } from "./header-search";
import type { MenuUser } from "./user-menu";

// Only signed-in customers need the menu's button: visitors never load it.
const UserMenuButton = lazy(() =>
  import("./user-menu-button").then((module) => ({ default: module.UserMenuButton })),
);

const NAV_LINKS = [
  { to: "/", label: "Início" },
  { to: "/catalog", label: "Catálogo" },
];

/** The store as the top bar shows it: its logo, or its name as a wordmark when it has none. */
export interface TopBarStore {
  name: string;
  logoUrl: string | null;
}

/** `store` is null on the error page of a request whose store could not be read. */
export function TopBar({
  store,
  categories,
  user,
}: {
  store: TopBarStore | null;
  /** The catalogue's categories, each a link to its listing. */
  categories: string[];
  user: MenuUser | null;
}) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* On a phone the search is a row of its own under the logo and the buttons. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 md:h-16 md:flex-nowrap md:py-0">
        <HomeLink store={store} />
        <nav aria-label="Principal" className="ml-6 hidden items-center gap-6 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
          <CategoryMenu categories={categories} />
        </nav>
        <HeaderSearch className="order-last basis-full md:order-none md:ml-2 md:max-w-xs md:flex-1 md:basis-auto" />
        <div className="ml-auto flex items-center gap-2">
          <CartButton />
          {user ? (
            <Suspense fallback={<span className="size-9 rounded-full bg-brand-100" />}>
              <UserMenuButton user={user} />
            </Suspense>
          ) : (
            <Link to="/auth" className={buttonClasses("default", "sm")}>
              Entrar
            </Link>
          )}
          <button
            type="button"
            className={buttonClasses("ghost", "icon", "md:hidden")}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Menu" className="border-t border-slate-200 px-4 py-3 md:hidden">
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={mobileLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {categories.length > 0 && (
            <>
              <p
                id="mobile-menu-categories"
                className="mt-3 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                Categorias
              </p>
              <ul aria-labelledby="mobile-menu-categories" className="mt-1 flex flex-col gap-1">
                {categories.map((category) => (
                  <li key={category}>
                    <Link to={categoryPath(category)} className={mobileLinkClasses({ isActive: false })}>
                      {category}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </nav>
      )}
    </header>
  );
}

function HomeLink({ store }: { store: TopBarStore | null }) {
  if (!store?.logoUrl) {
    return (
      <Link to="/" className="text-xl font-bold tracking-tight text-brand-700">
        {store?.name ?? "Início"}
      </Link>
    );
  }
  // A fixed box whatever the logo's proportions: the bar never moves when the image arrives.
  return (
    <Link to="/" className="shrink-0">
      <img
        src={store.logoUrl}
        alt={store.name}
        width={160}
        height={40}
        className="h-10 w-40 object-contain object-left"
      />
    </Link>
  );
}

function CartButton() {
  const { totalQuantity } = useCart();
  const label = totalQuantity === 1 ? "Carrinho, 1 item" : `Carrinho, ${totalQuantity} itens`;
  return (
    <Link to="/cart" aria-label={label} className={buttonClasses("ghost", "icon", "relative")}>
      <ShoppingCart aria-hidden className="size-5" />
      {totalQuantity > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-semibold text-white"
        >
          {totalQuantity}
        </span>
      )}
    </Link>
  );
}

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return clsx(
    "text-sm font-medium transition-colors hover:text-brand-700",
    isActive ? "text-brand-700" : "text-slate-700",
  );
}

function mobileLinkClasses({ isActive }: { isActive: boolean }) {
  return clsx(
    "block rounded-lg px-3 py-2 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-50",
  );
}
