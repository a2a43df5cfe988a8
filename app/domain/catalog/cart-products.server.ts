import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server";
import { productImages, products, productVariants } from "../../db/schema.server";
import type { CartLineRequest, CartProduct } from "../cart/cart-items";
import { shownVariantStock } from "./product-card-columns.server";
import { variantLabel } from "./variants";
import { variantOnSale } from "./variant-on-sale.server";
import { photoOfVariant } from "./photo-owner.server";

/** At most this many lines per lookup: an order holds at most 50 items (spec section 9). */
export const CART_PRODUCTS_LIMIT = 50;

/** The largest value of the `integer` id column: a bigger id names no product. */
const MAX_PRODUCT_ID = 2_147_483_647;

/** A line's product and variant, as a request names them (no variant: the default one). */
export type CartLineRef = Omit<CartLineRequest, "quantity">;

/**
 * The columns of a cart line's variant: its product as lists show it, the variant's price and
 * stock, and its own photo when it has one (decision 0030).
 */
export const cartProductColumns = {
  id: products.id,
  variantId: productVariants.id,
  name: products.name,
  category: products.category,
  priceCents: productVariants.salePriceCents,
  image: sql<string>`coalesce((
    select ${productImages.imageUrl} from ${productImages}
    where ${photoOfVariant()}
    order by ${productImages.displayOrder}, ${productImages.id} limit 1), ${products.image})`,
  stock: shownVariantStock,
  options: products.options,
  optionValues: productVariants.optionValues,
  active: productVariants.active,
};

type CartProductRow = Omit<CartProduct, "variantLabel"> & {
  options: Parameters<typeof variantLabel>[0];
  optionValues: string[];
  active: boolean;
};

/** A row of `cartProductColumns` as the cart shows it: with its variant's label. */
export const toCartProduct = ({
  options,
  optionValues,
  active: _active,
  ...product
}: CartProductRow): CartProduct => ({
  ...product,
  variantLabel: variantLabel(options, optionValues),
});

/** A product's default variant: the only one of a product without options. */
const defaultVariantOf = (productId: number) =>
  and(
    eq(productVariants.productId, productId),
    sql`jsonb_array_length(${products.options}) = 0`,
    sql`${productVariants.optionValues} = '[]'::jsonb`,
  );

/**
 * The current state of the variants a cart's lines name. A ref that cannot name a variant is
 * ignored; a variant gone, of another product or no longer for sale is simply absent from the
 * result, in product and variant order.
 */
export async function getCartProducts(
  db: Database | Transaction,
  refs: CartLineRef[],
): Promise<CartProduct[]> {
  const wanted = refs
    .filter(({ id, variantId }) => isId(id) && (variantId === undefined || isId(variantId)))
    .slice(0, CART_PRODUCTS_LIMIT);
  if (wanted.length === 0) return [];
  const byVariant = wanted.flatMap(({ variantId }) => (variantId === undefined ? [] : [variantId]));
  const conditions: SQL[] = wanted
    .filter((ref) => ref.variantId === undefined)
    .map((ref) => defaultVariantOf(ref.id)!);
  if (byVariant.length > 0) conditions.push(inArray(productVariants.id, byVariant));
  const rows = await db
    .select(cartProductColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(or(...conditions), variantOnSale))
    .orderBy(asc(products.id), asc(productVariants.id));
  // A variant asked for under another product's id is not that line's.
  const asked = (row: CartProductRow) =>
    wanted.some(
      (ref) => ref.id === row.id && (ref.variantId === undefined || ref.variantId === row.variantId),
    );
  return rows.filter(asked).map(toCartProduct);
}

export type CartVariantRefusal =
  "product-not-found" | "variant-of-another-product" | "variant-not-for-sale" | "option-combination-missing";

/** The pt-BR message of each refusal of a cart request naming a variant. */
export const CART_VARIANT_REFUSALS: Record<CartVariantRefusal, string> = {
  "product-not-found": "Produto não encontrado",
  "variant-of-another-product": "Variação não encontrada para este produto",
  "variant-not-for-sale": "Esta variação do produto não está mais à venda",
  "option-combination-missing": "Combinação de opções inexistente: escolha as opções do produto",
};

/**
 * The variant a cart request names, or why it names none: a variant of another product, one no
 * longer sold, or no variant for a product with options (its default variant does not exist).
 * `forSale`: whether an inactive variant is refused (adding) or still names its line (removing).
 */
export async function findCartProduct(
  db: Database | Transaction,
  ref: CartLineRef,
  { forSale }: { forSale: boolean },
): Promise<{ product: CartProduct } | { refusal: CartVariantRefusal }> {
  if (!isId(ref.id) || (ref.variantId !== undefined && !isId(ref.variantId))) {
    return { refusal: "product-not-found" };
  }
  const [row] = await db
    .select(cartProductColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(ref.variantId === undefined ? defaultVariantOf(ref.id) : eq(productVariants.id, ref.variantId));
  if (!row) {
    if (ref.variantId !== undefined) return { refusal: "variant-of-another-product" };
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, ref.id));
    return { refusal: product ? "option-combination-missing" : "product-not-found" };
  }
  if (row.id !== ref.id) return { refusal: "variant-of-another-product" };
  if (forSale && !row.active) return { refusal: "variant-not-for-sale" };
  return { product: toCartProduct(row) };
}

function isId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_PRODUCT_ID;
}
