import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/catalog";
import { Pagination } from "../components/ui/pagination";
import { ProductGrid } from "../components/product/product-grid";
import { buttonClasses } from "../components/ui/button";
import {
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
  const filtered = Boolean(query.q || query.min || query.max || query.category || query.brand);
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Catálogo</h1>
      {/* An explicit action: the default one repeats the address bar's query, and the page must not. */}
      <Form
        method="get"
        action="/catalog"
        role="search"
        aria-label="Filtrar produtos"
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.5fr_1.5fr_auto]"
      >
        <Field label="Buscar por nome" htmlFor="q">
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
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClasses("default", "md", "flex-1")}>
            Filtrar
          </button>
          {filtered && (
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

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
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
