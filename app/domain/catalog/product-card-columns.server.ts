import { products } from "../../db/schema.server";

/** The columns of a `ProductCard`, for every query that lists products. */
export const productCardColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  priceCents: products.priceCents,
  image: products.image,
  stock: products.stock,
};
