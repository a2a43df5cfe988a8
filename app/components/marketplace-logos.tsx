/**
 * Marketplace marks drawn in the project (no external images): a brand-coloured tile with the
 * marketplace's name, as the reseller page shows where else the store sells.
 */
interface Marketplace {
  name: string;
  background: string;
  foreground: string;
  accent: string;
}

export const MARKETPLACES: Marketplace[] = [
  { name: "Mercado Livre", background: "#FFE600", foreground: "#2D3277", accent: "#2D3277" },
  { name: "Amazon", background: "#232F3E", foreground: "#FFFFFF", accent: "#FF9900" },
  { name: "Shopee", background: "#EE4D2D", foreground: "#FFFFFF", accent: "#FFFFFF" },
  { name: "Magalu", background: "#0086FF", foreground: "#FFFFFF", accent: "#F5E31A" },
];

export function MarketplaceLogo({ marketplace }: { marketplace: Marketplace }) {
  const { name, background, foreground, accent } = marketplace;
  return (
    <svg viewBox="0 0 240 96" role="img" aria-label={name} className="h-auto w-full">
      <rect width="240" height="96" rx="16" fill={background} />
      <path d="M28 60 q12 12 24 0" stroke={accent} strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="40" cy="40" r="12" fill="none" stroke={accent} strokeWidth="5" />
      <text
        x="70"
        y="57"
        fill={foreground}
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize={name.length > 8 ? 22 : 28}
        fontWeight="700"
      >
        {name}
      </text>
    </svg>
  );
}
