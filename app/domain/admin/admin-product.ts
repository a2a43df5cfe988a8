// A product as the panel shows it: shared by server and browser.

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
}

/** A variant as the edit view's grid shows it. */
export interface AdminVariant {
  id: number;
  sku: string;
  optionValues: string[];
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
  active: boolean;
  gtin: string | null;
}

/** One image of a product's gallery, in the edit view. */
export interface GalleryImage {
  id: number;
  imageUrl: string;
  displayOrder: number;
}
