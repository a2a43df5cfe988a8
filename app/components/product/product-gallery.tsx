import { clsx } from "clsx";
import { useState } from "react";
import { productThumbnailUrl } from "../../lib/product-images";
import { ZoomableImage } from "./zoomable-image";

/** The product's images: the selected one large (click to zoom), thumbnails in 4 columns. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0]!;
  return (
    <div className="flex flex-col gap-3">
      {/* keyed: a new picture starts unzoomed */}
      <ZoomableImage
        key={current}
        src={current}
        alt={`${name}, imagem ${selected + 1} de ${images.length}`}
        priority
      />
      {images.length > 1 && (
        <ul className="grid grid-cols-4 gap-3" aria-label="Imagens do produto">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                aria-label={`Ver imagem ${index + 1} de ${images.length}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={clsx(
                  "block aspect-square w-full overflow-hidden rounded-lg border-2 bg-slate-50 transition-colors",
                  index === selected ? "border-brand-600" : "border-transparent hover:border-slate-300",
                )}
              >
                <img
                  src={productThumbnailUrl(image)}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
