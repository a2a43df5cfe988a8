import { productImageSrcSet } from "../../lib/product-images";

/**
 * A product picture in a list or a cart line: both stored widths offered to the browser, a box
 * reserved by width and height (no layout shift), and lazy unless it is in the first screen,
 * where it is the largest paint: then fetched first (React preloads it in the page's head).
 */
export function ProductImage({
  src,
  sizes,
  eager = false,
  className,
}: {
  src: string;
  /** How wide the image is shown, for picking the width to download. */
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      srcSet={productImageSrcSet(src)}
      sizes={sizes}
      alt=""
      width={800}
      height={800}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
