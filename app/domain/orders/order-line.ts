/** A line of an order: a snapshot of what was bought, at the price it was bought for. */
export interface OrderLine {
  id: number;
  productId: number | null;
  name: string;
  /** 'Cor: Preto · Armazenamento: 256 GB'; empty for a product without options. */
  variantLabel: string;
  /** Null only for a line bought before variants, of a product deleted since. */
  sku: string | null;
  image: string;
  quantity: number;
  unitPriceCents: number;
}
