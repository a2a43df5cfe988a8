/** A line of an order: a snapshot of what was bought, at the price it was bought for. */
export interface OrderLine {
  id: number;
  productId: number | null;
  name: string;
  image: string;
  quantity: number;
  unitPriceCents: number;
}
