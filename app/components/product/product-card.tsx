import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { formatBRL } from "../../lib/money";
import { useCart } from "../cart/cart-context";
import type { CartProduct } from "../../domain/cart/cart-items";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ProductImage } from "./product-image";

export function ProductCard({ product, eager = false }: { product: CartProduct; eager?: boolean }) {
  const cart = useCart();
  const soldOut = product.stock <= 0;
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-shadow hover:shadow-md">
      <Link to={`/product/${product.id}`} className="flex flex-1 flex-col">
        <ProductImage
          src={product.image}
          sizes="(min-width: 1024px) 360px, 50vw"
          eager={eager}
          className="aspect-square w-full bg-slate-50 object-cover"
        />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <Badge variant="secondary" className="self-start">
            {product.category}
          </Badge>
          <h3 className="line-clamp-2 font-medium text-slate-900 group-hover:text-brand-700">
            {product.name}
          </h3>
          <p className="mt-auto pt-2 text-lg font-semibold text-slate-900">{formatBRL(product.priceCents)}</p>
        </div>
      </Link>
      <div className="px-4 pb-4">
        <Button className="w-full" disabled={soldOut} onClick={() => cart.add(product)}>
          <ShoppingCart aria-hidden className="size-4" />
          {soldOut ? "Esgotado" : "Adicionar ao carrinho"}
          <span className="sr-only">: {product.name}</span>
        </Button>
      </div>
    </article>
  );
}
