import { useEffect } from "react";
import { data, useSearchParams } from "react-router";
import { z } from "../../lib/zod";
import type { Route } from "./+types/product-edit";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import {
  CREATED_PARAM,
  PRODUCT_TOASTS,
  type ProductActionData,
} from "../../components/admin/products/product-action-data";
import { ProductForm } from "../../components/admin/products/product-form";
import { ProductGalleryEditor } from "../../components/admin/products/product-gallery-editor";
import { toast } from "../../components/toasts";
import { fieldErrors } from "../../domain/accounts/account-schemas";
import { getAdminProduct } from "../../domain/admin/admin-product.server";
import {
  addGalleryImage,
  moveGalleryImage,
  removeGalleryImage,
  showGalleryImageWith,
  UNKNOWN_PHOTO_OWNER,
  type GalleryOutcome,
} from "../../domain/admin/product-gallery.server";
import { formErrorsFor, galleryImageSchema, parseProductForm } from "../../domain/admin/product-form-schema";
import { rowIdField } from "../../lib/row-id";
import { storeSkuPrefix, updateProduct } from "../../domain/admin/save-product.server";
import { listCategories } from "../../domain/catalog/categories.server";
import { parsePhotoOwnerField } from "../../domain/catalog/photo-owner";
import { requireAdmin } from "../guards.server";

function readProductId(params: { productId?: string }): number {
  const id = rowIdField.safeParse(params.productId);
  if (!id.success) throw data("Produto não encontrado", { status: 404 });
  return id.data;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const product = await getAdminProduct(context.db, readProductId(params));
  if (!product) throw data("Produto não encontrado", { status: 404 });
  return { product, categories: await listCategories(context.db) };
}

const imageMove = z.object({ imageId: rowIdField, direction: z.enum(["up", "down"]).default("up") });
const imageOwner = z.object({
  imageId: rowIdField,
  shownWith: z.string().transform((field, context) => {
    const owner = parsePhotoOwnerField(field);
    if (owner) return owner;
    context.addIssue({ code: "custom", message: UNKNOWN_PHOTO_OWNER });
    return z.NEVER;
  }),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const productId = readProductId(params);
  const form = await request.formData();
  const upload = form.get("imageFile");
  const file = upload instanceof File ? upload : null;
  const intent = form.get("intent");
  switch (intent) {
    case "update": {
      const input = parseProductForm(form);
      if (!input.ok) return { intent: "update", ok: false, errors: input.errors } satisfies ProductActionData;
      const skuPrefix = await storeSkuPrefix(context.db, context.env);
      const outcome = await updateProduct(
        context.db,
        context.storage,
        user,
        productId,
        input.input,
        file,
        skuPrefix,
      );
      if (outcome.ok) return { intent: "update", ok: true, productId } satisfies ProductActionData;
      if (outcome.notFound) throw data("Produto não encontrado", { status: 404 });
      const errors = outcome.errors && formErrorsFor(form, outcome.errors);
      return { intent: "update", ok: false, errors } satisfies ProductActionData;
    }
    case "gallery-add": {
      const input = galleryImageSchema.safeParse({ imageUrl: form.get("imageUrl") ?? undefined });
      if (!input.success) {
        return {
          intent: "gallery-add",
          ok: false,
          errors: { galleryImage: fieldErrors(input.error).imageUrl! },
        };
      }
      const outcome = await addGalleryImage(context.db, context.storage, user, productId, {
        file,
        url: input.data.imageUrl,
      });
      return galleryAnswer("gallery-add", outcome);
    }
    case "gallery-remove":
    case "gallery-move": {
      const input = imageMove.safeParse(Object.fromEntries(form));
      if (!input.success) return { intent, ok: false } satisfies ProductActionData;
      const { imageId, direction } = input.data;
      const outcome =
        intent === "gallery-remove"
          ? await removeGalleryImage(context.db, user, productId, imageId)
          : await moveGalleryImage(context.db, user, productId, imageId, direction);
      return galleryAnswer(intent, outcome);
    }
    case "gallery-show": {
      const input = imageOwner.safeParse(Object.fromEntries(form));
      if (!input.success) {
        return {
          intent,
          ok: false,
          errors: { galleryImage: UNKNOWN_PHOTO_OWNER },
        } satisfies ProductActionData;
      }
      const { imageId, shownWith } = input.data;
      return galleryAnswer(
        intent,
        await showGalleryImageWith(context.db, user, productId, imageId, shownWith),
      );
    }
    default:
      throw data("Ação desconhecida", { status: 400 });
  }
}

function galleryAnswer(intent: ProductActionData["intent"], outcome: GalleryOutcome): ProductActionData {
  if (outcome.ok) return { intent, ok: true };
  return { intent, ok: false, errors: outcome.message ? { galleryImage: outcome.message } : undefined };
}

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const { product, categories } = loaderData;
  useCreationToast();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section className="flex flex-col gap-4 lg:col-span-2">
        <h2 className="text-xl font-semibold">Editar produto</h2>
        <ProductForm key={product.id} product={product} categories={categories} />
      </section>
      <ProductGalleryEditor
        productId={product.id}
        images={product.gallery}
        owners={{ options: product.options, variants: product.variants }}
      />
    </div>
  );
}

/** Just created (the new-product form redirected here): says so once, then drops the mark. */
function useCreationToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const created = searchParams.has(CREATED_PARAM);
  useEffect(() => {
    if (!created) return;
    toast.success(PRODUCT_TOASTS.create.success);
    setSearchParams(
      (params) => {
        params.delete(CREATED_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [created, setSearchParams]);
}

export { AdminErrorBoundary as ErrorBoundary };
