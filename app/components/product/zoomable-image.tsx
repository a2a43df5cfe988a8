import { clsx } from "clsx";
import { useEffect, useState, type MouseEvent } from "react";
import { productImageSrcSet } from "../../lib/product-images";

/** Spec section 9: the zoomed image is twice its size. */
const ZOOM_SCALE = 2;
const CENTRE = "50% 50%";

interface ZoomableImageProps {
  src: string;
  alt: string;
  /** The page's main image: fetched first, never lazily. */
  priority?: boolean;
}

/**
 * Click or tap to zoom 2x; while zoomed the enlarged image follows the pointer (mouse or finger),
 * so any detail can be brought under it. A button, so the keyboard can toggle it too; Escape
 * leaves the zoom.
 */
export function ZoomableImage({ src, alt, priority = false }: ZoomableImageProps) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState(CENTRE);

  // Listened on the document, not the button: Safari does not focus a button on click.
  useEffect(() => {
    if (!zoomed) return;
    const leaveOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setZoomed(false);
    };
    document.addEventListener("keydown", leaveOnEscape);
    return () => document.removeEventListener("keydown", leaveOnEscape);
  }, [zoomed]);

  // Pointer events are mouse events too: one handler aims for clicks, mouse moves and touch drags.
  const aimAt = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = clampPercent(((event.clientX - box.left) / box.width) * 100);
    const y = clampPercent(((event.clientY - box.top) / box.height) * 100);
    setOrigin(`${x}% ${y}%`);
  };

  return (
    <button
      type="button"
      aria-label={zoomed ? "Reduzir imagem" : "Ampliar imagem"}
      aria-pressed={zoomed}
      onClick={(event) => {
        // A click from Enter or Space has no pointer position (detail 0): zoom on the middle.
        if (event.detail === 0) setOrigin(CENTRE);
        else aimAt(event);
        setZoomed(!zoomed);
      }}
      onPointerMove={(event) => zoomed && aimAt(event)}
      className={clsx(
        "relative block aspect-square w-full overflow-hidden rounded-xl bg-slate-50",
        zoomed ? "cursor-zoom-out touch-none" : "cursor-zoom-in touch-manipulation",
      )}
    >
      <img
        src={src}
        srcSet={productImageSrcSet(src)}
        sizes="(min-width: 1024px) 560px, 100vw"
        alt={alt}
        width={800}
        height={800}
        fetchPriority={priority ? "high" : undefined}
        draggable={false}
        data-testid="zoomable-image"
        style={{ transform: zoomed ? `scale(${ZOOM_SCALE})` : undefined, transformOrigin: origin }}
        className="h-full w-full object-contain transition-transform duration-200 ease-out select-none"
      />
    </button>
  );
}

function clampPercent(value: number): number {
  return Math.round(Math.min(100, Math.max(0, value)));
}
