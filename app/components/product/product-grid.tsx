import type { ProductCard as ProductCardData } from "../../domain/catalog/product-card";
import { AddToCartButton, ProductCard } from "./product-card";

/** `eagerCards`: how many cards are in the first screen, whose images load at once. */
export function ProductGrid({
  products,
  eagerCards = 0,
}: {
  products: ProductCardData[];
  eagerCards?: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} eager={index < eagerCards}>
            <AddToCartButton product={product} />
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}
