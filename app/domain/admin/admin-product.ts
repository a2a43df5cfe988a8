// A product as the panel shows it: shared by server and browser.
import type { PhotoOwnerColumns } from "../catalog/photo-owner";
import type { ParcelSize } from "../shipping/parcel-size";
import type { VariantOffer } from "../catalog/variants";

/** A row of the panel's product list. */
export interface AdminProductRow {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  priceMaxCents: number;
  /** The stock of its active variants. */
  stock: number;
  variantCount: number;
  image: string;
  /** Some variant has no weight of its own nor its product's: freight quotes it at the store's default. */
  weightMissing: boolean;
}

/** A variant as the edit view's grid shows it. */
export interface AdminVariant extends VariantOffer, ParcelSize {
  id: number;
  active: boolean;
}

/** One image of a product's gallery, in the edit view, with whose photo it is. */
export interface GalleryImage extends PhotoOwnerColumns {
  id: number;
  imageUrl: string;
  displayOrder: number;
}
