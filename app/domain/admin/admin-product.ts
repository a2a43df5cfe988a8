// A product as the panel shows it: shared by server and browser.

/** A row of the panel's product list. */
export interface AdminProductRow {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  stock: number;
  image: string;
}

/** One image of a product's gallery, in the edit view. */
export interface GalleryImage {
  id: number;
  imageUrl: string;
  displayOrder: number;
}
