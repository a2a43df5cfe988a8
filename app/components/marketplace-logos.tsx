import { clsx } from "clsx";
import type { ReactNode } from "react";

/**
 * The marketplaces where the store also sells, each drawn as a text wordmark in its own colours
 * (no third-party logo files). The card is a link when the store has a page on that marketplace.
 */
export type MarketplaceId = "mercadoLivre" | "amazon" | "shopee" | "magalu";

interface Marketplace {
  id: MarketplaceId;
  name: string;
  /** The card's colours; the wordmark's own shape. */
  cardClassName: string;
  wordmark: ReactNode;
}

export const MARKETPLACES: Marketplace[] = [
  {
    id: "mercadoLivre",
    name: "Mercado Livre",
    cardClassName: "bg-[#FFE600] text-[#2D3277]",
    // Two words: on a narrow card they stack, as the marketplace's own mark does.
    wordmark: <span className="text-center leading-none text-balance lowercase">mercado livre</span>,
  },
  {
    id: "amazon",
    name: "Amazon",
    cardClassName: "bg-[#232F3E] text-white",
    wordmark: (
      <span className="flex flex-col leading-none lowercase">
        amazon
        <svg
          viewBox="0 0 100 14"
          aria-hidden
          className="mx-auto h-[0.5em] w-[3.6em]"
          preserveAspectRatio="none"
        >
          <path
            d="M8 3 Q48 15 88 4 M80 2 L90 4 L85 11"
            fill="none"
            stroke="#FF9900"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    ),
  },
  {
    id: "shopee",
    name: "Shopee",
    cardClassName: "bg-[#EE4D2D] text-white",
    wordmark: <span className="leading-none">Shopee</span>,
  },
  {
    id: "magalu",
    name: "Magalu",
    cardClassName: "bg-[#0086FF] text-white",
    wordmark: <span className="leading-none lowercase">magalu</span>,
  },
];

/**
 * One marketplace's card. The wordmark's size follows the card's width (container units), so it
 * fits from a phone's two columns to the desktop's four.
 */
export function MarketplaceCard({ marketplace, url }: { marketplace: Marketplace; url: string | null }) {
  const className = clsx(
    "flex h-24 w-full items-center justify-center overflow-hidden rounded-2xl px-3 @container",
    marketplace.cardClassName,
  );
  const logo = (
    <span
      role="img"
      aria-label={marketplace.name}
      className="flex max-w-full justify-center text-[length:clamp(1rem,15cqi,1.75rem)] font-extrabold tracking-tight"
    >
      {marketplace.wordmark}
    </span>
  );
  if (!url) return <div className={className}>{logo}</div>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(
        className,
        "transition-shadow hover:shadow-lg focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none",
      )}
    >
      {logo}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}
