import { Download, Plus, Search } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/products";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import type { ProductActionData } from "../../components/admin/products/product-action-data";
import { ProductsCsvImport } from "../../components/admin/products/products-csv-import";
import { ProductsTable } from "../../components/admin/products/products-table";
import { buttonClasses } from "../../components/ui/button";
import { inputClasses } from "../../components/ui/form-field";
import { Pagination, usePageHref } from "../../components/ui/pagination";
import { deleteProduct } from "../../domain/admin/delete-product.server";
import { listAdminProducts } from "../../domain/admin/list-admin-products.server";
import { csvSummary, PRODUCTS_CSV_MAX_BYTES } from "../../domain/admin/product-csv";
import { importProductsCsv } from "../../domain/admin/product-csv-import.server";
import { readListingQuery } from "../../domain/admin/listing";
import { storeSkuPrefix } from "../../domain/admin/save-product.server";
import { rowIdField } from "../../lib/row-id";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const query = readListingQuery(new URL(request.url).searchParams);
  return { ...(await listAdminProducts(context.db, query)), q: query.q };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "csv-check" || intent === "csv-import") {
    const file = form.get("csvFile");
    if (!(file instanceof File) || file.size === 0) {
      return { intent, ok: false, lines: ["Escolha um arquivo CSV"] } satisfies ProductActionData;
    }
    if (file.size > PRODUCTS_CSV_MAX_BYTES) {
      return { intent, ok: false, lines: ["O arquivo passa de 20 MB"] } satisfies ProductActionData;
    }
    const outcome = await importProductsCsv(context.db, context.storage, user, await file.bytes(), {
      dryRun: intent === "csv-check",
      storeOrigin: context.baseURL,
      skuPrefix: await storeSkuPrefix(context.db, context.env),
    });
    if (!outcome.ok) return { intent, ok: false, lines: outcome.errors } satisfies ProductActionData;
    return { intent, ok: true, message: csvSummary(outcome) } satisfies ProductActionData;
  }
  if (intent !== "delete") throw data("Ação desconhecida", { status: 400 });
  const productId = rowIdField.safeParse(form.get("productId"));
  const deleted = productId.success && (await deleteProduct(context.db, user, productId.data));
  return { intent: "delete", ok: deleted } satisfies ProductActionData;
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, matching, page, pageCount, q } = loaderData;
  const hrefFor = usePageHref();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Produtos</h2>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/products/export.csv" download className={buttonClasses("outline", "sm")}>
            <Download aria-hidden className="size-4" />
            Exportar CSV
          </a>
          <Link to="/admin/products/new" className={buttonClasses("default", "sm")}>
            <Plus aria-hidden className="size-4" />
            Novo produto
          </Link>
        </div>
      </div>
      <ProductsCsvImport />
      <Form method="get" action="/admin/products" role="search" className="flex gap-2">
        <label htmlFor="admin-product-search" className="sr-only">
          Buscar produtos por nome
        </label>
        <input
          id="admin-product-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Buscar por nome..."
          className={inputClasses}
        />
        <button type="submit" className={buttonClasses("outline")}>
          <Search aria-hidden className="size-4" />
          Buscar
        </button>
      </Form>
      <p className="text-sm text-slate-600">
        {matching === 1 ? "1 produto" : `${matching} produtos`}
        {q ? ` para “${q}”` : ""}
      </p>
      {products.length === 0 ? (
        <p className="rounded-xl border border-slate-200 p-6 text-center text-sm text-slate-600">
          Nenhum produto encontrado
        </p>
      ) : (
        <ProductsTable products={products} />
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
