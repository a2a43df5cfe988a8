import { redirect } from "react-router";
import type { Route } from "./+types/product-new";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { CREATED_PARAM, type ProductActionData } from "../../components/admin/products/product-action-data";
import { ProductForm } from "../../components/admin/products/product-form";
import { formErrorsFor, parseProductForm } from "../../domain/admin/product-form-schema";
import { addProduct, storeSkuPrefix } from "../../domain/admin/save-product.server";
import { listCategories } from "../../domain/catalog/categories.server";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { categories: await listCategories(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const form = await request.formData();
  const input = parseProductForm(form);
  if (!input.ok) return { intent: "create", ok: false, errors: input.errors } satisfies ProductActionData;
  const file = form.get("imageFile");
  const outcome = await addProduct(
    context.db,
    context.storage,
    user,
    input.input,
    file instanceof File ? file : null,
    await storeSkuPrefix(context.db, context.env),
  );
  if (!outcome.ok) {
    const errors = outcome.errors && formErrorsFor(form, outcome.errors);
    return { intent: "create", ok: false, errors } satisfies ProductActionData;
  }
  return redirect(`/admin/products/${outcome.productId}?${CREATED_PARAM}=1`);
}

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Novo produto</h2>
      <ProductForm categories={loaderData.categories} />
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
