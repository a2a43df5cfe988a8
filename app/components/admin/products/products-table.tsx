import { Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "../../toasts";
import type { AdminProductRow } from "../../../domain/admin/admin-product";
import { productThumbnailUrl } from "../../../lib/product-images";
import { formatBRL } from "../../../lib/money";
import { Badge } from "../../ui/badge";
import { Button, buttonClasses } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { PRODUCT_TOASTS, type ProductActionData } from "./product-action-data";

/** The list's rows: thumbnail, name, category, price range, total stock, variant count, and edit / delete. */
export function ProductsTable({ products }: { products: AdminProductRow[] }) {
  const [deleting, setDeleting] = useState<AdminProductRow | null>(null);
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-3 py-2 font-medium">
              <span className="sr-only">Imagem</span>
            </th>
            <th className="px-3 py-2 font-medium">Nome</th>
            <th className="px-3 py-2 font-medium">Categoria</th>
            <th className="px-3 py-2 font-medium">Preço</th>
            <th className="px-3 py-2 font-medium">Estoque</th>
            <th className="px-3 py-2 font-medium">Variantes</th>
            <th className="px-3 py-2 font-medium">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <img
                  src={productThumbnailUrl(product.image)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 max-w-none rounded-md bg-slate-100 object-contain"
                />
              </td>
              <td className="px-3 py-2 font-medium">
                {product.name}
                {product.weightMissing && (
                  <Badge
                    variant="outline"
                    className="ml-2 font-normal"
                    title="O frete usa a embalagem padrão da loja"
                  >
                    Sem peso
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2">
                <Badge variant="secondary">{product.category}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatBRL(product.priceCents)}
                {product.priceMaxCents > product.priceCents ? ` – ${formatBRL(product.priceMaxCents)}` : ""}
              </td>
              <td className="px-3 py-2">{product.stock}</td>
              <td className="px-3 py-2">{product.variantCount}</td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1">
                  <Link
                    to={`/admin/products/${product.id}`}
                    className={buttonClasses("ghost", "icon")}
                    aria-label={`Editar ${product.name}`}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Link>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Excluir ${product.name}`}
                    onClick={() => setDeleting(product)}
                  >
                    <Trash2 aria-hidden className="size-4 text-red-600" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function DeleteProductDialog({ product, onClose }: { product: AdminProductRow | null; onClose: () => void }) {
  const fetcher = useFetcher<ProductActionData>({ key: "admin-product-delete" });
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(PRODUCT_TOASTS.delete.success);
      onClose();
    } else {
      toast.error(PRODUCT_TOASTS.delete.failure);
    }
    // Only a new answer should toast, not a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Excluir produto"
      description={
        product
          ? `Tem certeza que deseja excluir “${product.name}”? Esta ação não pode ser desfeita. Os pedidos que o contêm continuam como estão.`
          : undefined
      }
    >
      <fetcher.Form method="post" className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="productId" value={product?.id ?? ""} />
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Excluindo..." : "Excluir"}
        </Button>
      </fetcher.Form>
    </Dialog>
  );
}
