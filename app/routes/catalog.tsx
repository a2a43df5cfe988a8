import { clsx } from "clsx";
import { SlidersHorizontal, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/catalog";
import { Pagination } from "../components/ui/pagination";
import { ProductGrid } from "../components/product/product-grid";
import { buttonClasses } from "../components/ui/button";
import {
  CATALOG_SORTS,
  catalogSearch,
  catalogShownText,
  readCatalogQuery,
  toCatalogFilters,
} from "../domain/catalog/catalog-filters";
import { canonicalLink, pageTitle } from "../lib/seo";
import { searchProducts } from "../domain/catalog/search-products.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readCatalogQuery(new URL(request.url).searchParams);
  const catalog = await searchProducts(context.db, toCatalogFilters(query));
  for (const product of catalog.products) context.shownProducts.add(product.id);
  return { query, catalog };
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { query, catalog } = loaderData;
  const submit = useSubmit();
  // Once the scripts run, the drawer is opened by the page, and a new listing closes it.
  const { key } = useLocation();
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === key;
  const chosen = [query.q, query.min, query.max, query.category, query.brand].filter(Boolean).length;
  const reordered = query.sort !== "newest";
  const choices = chosen + (reordered ? 1 : 0);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Catálogo</h1>
      {/*
        On a phone the filters are a drawer over the page, opened by a link to them (CSS :target),
        so it opens before the scripts run; on larger screens they are always shown.
      */}
      <a
        href={`#${FILTERS_ID}`}
        className={buttonClasses("outline", "md", "mt-6 w-full sm:hidden")}
        onClick={(event) => {
          event.preventDefault();
          setDrawerOpenOn(key);
        }}
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        {choices > 0 ? `Filtrar e ordenar (${choices})` : "Filtrar e ordenar"}
      </a>
      {/* An explicit action: the default one repeats the address bar's query, and the page must not. */}
      <Form
        id={FILTERS_ID}
        method="get"
        action="/catalog"
        role="search"
        aria-label="Filtrar produtos"
        className={clsx(
          "mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-4",
          drawerOpen ? DRAWER_OPEN : DRAWER_OPEN_BY_LINK,
        )}
      >
        <div className="flex items-center justify-between sm:hidden">
          <h2 className="text-lg font-semibold">Filtrar e ordenar</h2>
          <a
            href="#"
            aria-label="Fechar filtros"
            className={buttonClasses("ghost", "icon")}
            onClick={(event) => {
              event.preventDefault();
              setDrawerOpenOn(null);
            }}
          >
            <X aria-hidden className="size-5" />
          </a>
        </div>
        <Field label="Buscar por nome" htmlFor="q" className="lg:col-span-2">
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Ex.: notebook"
            maxLength={100}
            className={inputClasses}
          />
        </Field>
        <Field label="Preço mínimo (R$)" htmlFor="min">
          <input
            id="min"
            name="min"
            inputMode="decimal"
            defaultValue={query.min}
            placeholder="0,00"
            className={inputClasses}
          />
        </Field>
        <Field label="Preço máximo (R$)" htmlFor="max">
          <input
            id="max"
            name="max"
            inputMode="decimal"
            defaultValue={query.max}
            placeholder="Sem limite"
            className={inputClasses}
          />
        </Field>
        <Field label="Categoria" htmlFor="category">
          <select
            id="category"
            name="category"
            defaultValue={query.category || "all"}
            className={inputClasses}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            <option value="all">Todas as categorias</option>
            {catalog.categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Marca" htmlFor="brand">
          <select
            id="brand"
            name="brand"
            defaultValue={query.brand || "all"}
            className={inputClasses}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            <option value="all">Todas as marcas</option>
            {catalog.brands.map((option) => (
              <option key={option.brand} value={option.brand}>
                {option.brand} ({option.products})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Ordenar por" htmlFor="sort">
          <select
            id="sort"
            name="sort"
            defaultValue={CATALOG_SORTS[query.sort].param}
            className={inputClasses}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            {Object.values(CATALOG_SORTS).map(({ param, label }) => (
              <option key={param} value={param}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClasses("default", "md", "flex-1")}>
            Filtrar
          </button>
          {choices > 0 && (
            <Link to="/catalog" className={buttonClasses("outline", "md")}>
              Limpar
            </Link>
          )}
        </div>
      </Form>

      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {catalogShownText(catalog)}
      </p>
      {catalog.products.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          Nenhum produto encontrado com os filtros selecionados
        </p>
      ) : (
        <section aria-labelledby="results-heading" className="mt-4">
          <h2 id="results-heading" className="sr-only">
            Produtos
          </h2>
          <ProductGrid products={catalog.products} eagerCards={2} />
          <Pagination
            page={catalog.page}
            pageCount={catalog.pageCount}
            // From the listing's canonical query, not the address bar: every spelling of a URL renders the same.
            hrefFor={(page) => `/catalog${catalogSearch({ ...query, page })}`}
          />
        </section>
      )}
    </main>
  );
}

const inputClasses =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";

const FILTERS_ID = "filtros";
/** On a phone, the filters over the whole page. */
const DRAWER_OPEN =
  "max-sm:fixed max-sm:inset-0 max-sm:z-50 max-sm:mt-0 max-sm:content-start max-sm:overflow-y-auto max-sm:rounded-none max-sm:bg-white";
/** Before the scripts run, the link to the filters opens them (CSS :target); else they are hidden on a phone. */
const DRAWER_OPEN_BY_LINK =
  "max-sm:hidden max-sm:target:fixed max-sm:target:inset-0 max-sm:target:z-50 max-sm:target:mt-0 max-sm:target:grid max-sm:target:content-start max-sm:target:overflow-y-auto max-sm:target:rounded-none max-sm:target:bg-white";

function Field({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  pageTitle(matches, data?.query.q ? `Busca: ${data.query.q} | Catálogo` : "Catálogo"),
  {
    name: "description",
    content: "Catálogo completo de smartphones, notebooks, áudio, monitores, periféricos e acessórios.",
  },
  ...canonicalLink(matches, "/catalog"),
];
