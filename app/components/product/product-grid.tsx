import type { CartProduct } from "../cart/cart-items";
import { ProductCard } from "./product-card";

/** How many cards load eagerly: the first row on a phone and on a desktop. */
const EAGER_CARDS = 3;

export function ProductGrid({ products }: { products: CartProduct[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
