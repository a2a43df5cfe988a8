import { correiosTrackingUrl } from "./correios";

/** The carriers a parcel can travel with; `other` is one the admin names. */
export const CARRIERS = ["correios", "jadlog", "loggi", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

/**
 * Each known carrier's code, as the database's check and the admin's form both read it: the
 * Correios' two letters, nine digits and two letters (AA123456789BR); Jadlog's 14-digit number;
 * Loggi's, which follows no published format, 4 to 40 letters, digits or hyphens.
 */
export const CARRIER_CODE_PATTERNS = {
  correios: "^[A-Z]{2}[0-9]{9}[A-Z]{2}$",
  jadlog: "^[0-9]{14}$",
  loggi: "^[A-Za-z0-9-]{4,40}$",
} as const satisfies Record<Exclude<Carrier, "other">, string>;

/** How the admin's choice reads ('Outra transportadora' until its name is typed). */
export const CARRIER_LABELS: Record<Carrier, string> = {
  correios: "Correios",
  jadlog: "Jadlog",
  loggi: "Loggi",
  other: "Outra transportadora",
};

/** An order's parcel: its carrier (with the name typed for `other`) and the carrier's code. */
export interface ParcelTracking {
  carrier: Carrier;
  /** The name of an `other` carrier; null for the ones the store knows. */
  carrierName: string | null;
  code: string;
}

/** The carrier as the customer reads it: its name, or the one the admin typed. */
export function carrierName(tracking: Pick<ParcelTracking, "carrier" | "carrierName">): string {
  return tracking.carrier === "other" ? (tracking.carrierName ?? "") : CARRIER_LABELS[tracking.carrier];
}

/** Each known carrier's public tracking page, and the words of its link ('Rastrear nos Correios'). */
const TRACKING_PAGES: Record<Exclude<Carrier, "other">, { label: string; url: (code: string) => string }> = {
  correios: { label: "Rastrear nos Correios", url: correiosTrackingUrl },
  jadlog: {
    label: "Rastrear na Jadlog",
    url: (code) => `https://www.jadlog.com.br/jadlog/tracking?cte=${encodeURIComponent(code)}`,
  },
  loggi: {
    label: "Rastrear na Loggi",
    url: (code) => `https://www.loggi.com/rastreador/${encodeURIComponent(code)}`,
  },
};

/** Where the customer follows the parcel, and the link's words; null for a carrier without a page. */
export function trackingLink(tracking: ParcelTracking): { label: string; href: string } | null {
  if (tracking.carrier === "other") return null;
  const page = TRACKING_PAGES[tracking.carrier];
  return { label: page.label, href: page.url(tracking.code) };
}

/** An order's parcel from its columns; null until it has a code. */
export function parcelTrackingOf(order: {
  trackingCode: string | null;
  trackingCarrier: Carrier;
  trackingCarrierName: string | null;
}): ParcelTracking | null {
  if (!order.trackingCode) return null;
  return { carrier: order.trackingCarrier, carrierName: order.trackingCarrierName, code: order.trackingCode };
}
