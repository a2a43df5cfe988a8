import { ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CartChangeForm } from "../cart/cart-change-form";
import { useCartActions } from "../cart/cart-context";
import type { ProductCard as ProductCardData } from "../../domain/catalog/product-card";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { ProductImage } from "./product-image";
import { ProductPrice } from "./product-price";

/**
 * A product as lists show it: image, category, brand, name and price, linking to its page. `children` is
 * the list's action: the catalogue's add-to-cart button below, the favourites' heart over the image.
 */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  children,
}: {
  product: ProductCardData;
  eager?: boolean;
  /** The name's heading level, one below the list's own heading. */
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-shadow hover:shadow-md">
      <Link to={`/product/${product.id}`} className="flex flex-1 flex-col">
        <ProductImage
          src={product.image}
          sizes="(min-width: 1024px) 360px, 50vw"
          eager={eager}
          className="aspect-square w-full bg-slate-50 object-contain"
        />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <Badge variant="secondary" className="self-start">
            {product.category}
          </Badge>
          {product.brand && (
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{product.brand}</p>
          )}
          <Heading className="font-medium text-slate-900 group-hover:text-brand-700 sm:line-clamp-2">
            {product.name}
          </Heading>
          <ProductPrice
            priceCents={product.priceCents}
            compareAtCents={product.compareAtCents}
            startingAt={product.priceCents < product.priceMaxCents}
            size="card"
          />
        </div>
      </Link>
      {children}
    </article>
  );
}

/**
 * The catalogue card's action: adds the product to the cart, or says it is sold out; a product
 * sold in variants leads to its page, where one is chosen.
 */
export function AddToCartButton({ product }: { product: ProductCardData }) {
  const cart = useCartActions();
  const soldOut = product.stock <= 0;
  if (product.hasOptions) {
    return (
      <div className="px-4 pb-4">
        <Link to={`/product/${product.id}`} className={buttonClasses("outline", "md", "w-full")}>
          Escolher opções
          <span className="sr-only">: {product.name}</span>
        </Link>
      </div>
    );
  }
  return (
    <div className="px-4 pb-4">
      <CartChangeForm change={{ intent: "add", productId: product.id }} onChange={() => cart.add(product)}>
        <Button type="submit" className="w-full" disabled={soldOut}>
          <ShoppingCart aria-hidden className="size-4" />
          {soldOut ? "Esgotado" : "Adicionar ao carrinho"}
          <span className="sr-only">: {product.name}</span>
        </Button>
      </CartChangeForm>
    </div>
  );
}
