import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "../../toasts";
import type { AdminVariant } from "../../../domain/admin/admin-product";
import { BRAND_MAX, parseProductForm } from "../../../domain/admin/product-form-schema";
import type { ParcelSize } from "../../../domain/shipping/parcel-size";
import type { ProductOption, ProductSpec } from "../../../domain/catalog/variants";
import { Button } from "../../ui/button";
import { formatNcm, PRODUCT_ORIGINS } from "../../../domain/catalog/fiscal";
import { FormField, FormMessage, SelectField } from "../../ui/form-field";
import { ImageInput } from "./image-input";
import { PRODUCT_TOASTS, type ProductActionData } from "./product-action-data";
import { ParcelFields } from "../parcel-fields";
import { ProductSpecsEditor } from "./product-specs-editor";
import { ProductVariantsEditor } from "./product-variants-editor";

export interface EditableProduct {
  id: number;
  name: string;
  description: string;
  category: string;
  brand: string | null;
  /** The NCM's 8 digits and the ICMS origin code, for the nota fiscal. */
  ncm: string | null;
  origin: number | null;
  image: string;
  options: ProductOption[];
  /** The product's parcel; its variants' rows may differ. */
  parcel: ParcelSize;
  specs: ProductSpec[];
  variants: AdminVariant[];
}

/**
 * Create (no product) or edit a product. The schema checks in the browser first, for instant
 * messages; the server checks again and has the last word, its messages shown at the same fields.
 */
export function ProductForm({ product, categories }: { product?: EditableProduct; categories: string[] }) {
  const intent = product ? "update" : "create";
  const fetcher = useFetcher<ProductActionData>({ key: `admin-product-${product?.id ?? "new"}` });
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    // A created product's page shows its own toast: creating redirects there.
    if (answer.ok) toast.success(PRODUCT_TOASTS[intent].success);
    else toast.error(PRODUCT_TOASTS[intent].failure);
    // Only a new answer should toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  const errors = clientErrors ?? fetcher.data?.errors ?? {};

  function checkFirst(event: FormEvent<HTMLFormElement>) {
    const input = parseProductForm(new FormData(event.currentTarget));
    if (input.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(input.errors);
  }

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={checkFirst}
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={intent} />
      <FormField
        label="Nome"
        name="name"
        defaultValue={product?.name}
        maxLength={200}
        error={errors.name}
        className="sm:col-span-2"
        required
      />
      <DescriptionField defaultValue={product?.description} error={errors.description} />
      <FormField
        label="Categoria"
        name="category"
        list="admin-product-categories"
        defaultValue={product?.category}
        maxLength={100}
        error={errors.category}
        className="sm:col-span-2"
        required
      />
      <FormField
        label="Marca"
        name="brand"
        defaultValue={product?.brand ?? ""}
        maxLength={BRAND_MAX}
        error={errors.brand}
        className="sm:col-span-2"
      />
      <FiscalFields ncm={product?.ncm ?? null} origin={product?.origin ?? null} errors={errors} />
      <datalist id="admin-product-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <ImageInput
        // A saved image comes back as the store's own copy: show that one, not what was typed.
        key={product?.image ?? "new"}
        label="Imagem"
        urlName="imageUrl"
        fileName="imageFile"
        defaultUrl={product?.image ?? ""}
        error={errors.image ?? errors.imageUrl}
        className="sm:col-span-2"
      />
      <ProductVariantsEditor
        options={product?.options ?? []}
        variants={product?.variants ?? []}
        errors={errors}
      />
      <ParcelFields
        legend="Embalagem para o frete"
        hint="Peso e medidas do produto embalado. Vazio: o padrão da loja, em Configurações da loja › Frete."
        value={(field) => String(product?.parcel[field] ?? "")}
        errors={errors}
      />
      <ProductSpecsEditor specs={product?.specs ?? []} errors={errors} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Salvando..." : product ? "Salvar alterações" : "Criar produto"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DescriptionField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor="admin-product-description" className="text-sm font-medium text-slate-700">
        Descrição
      </label>
      <textarea
        id="admin-product-description"
        name="description"
        rows={4}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "admin-product-description-erro" : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-500"
      />
      <FormMessage id="admin-product-description-erro" message={error} />
    </div>
  );
}

/** What the nota fiscal needs of the product: its NCM and the origin of the goods. */
function FiscalFields({
  ncm,
  origin,
  errors,
}: {
  ncm: string | null;
  origin: number | null;
  errors: Record<string, string>;
}) {
  return (
    <>
      <FormField
        label="NCM (para a nota fiscal)"
        name="ncm"
        defaultValue={ncm ? formatNcm(ncm) : ""}
        inputMode="numeric"
        maxLength={12}
        placeholder="8471.30.12"
        error={errors.ncm}
      />
      <SelectField
        label="Origem da mercadoria"
        name="origin"
        defaultValue={origin === null ? "" : String(origin)}
        error={errors.origin}
      >
        <option value="">—</option>
        {PRODUCT_ORIGINS.map((label, code) => (
          <option key={code} value={code}>
            {`${code} – ${label}`}
          </option>
        ))}
      </SelectField>
    </>
  );
}
