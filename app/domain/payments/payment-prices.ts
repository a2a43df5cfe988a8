import { formatBRL, hundredthsInDigits } from "../../lib/money";

/**
 * The prices a Brazilian store shows beside the list price (issue 28): the PIX price, with the
 * owner's discount, and the card instalments. Isomorphic: the product page, the cards, the cart and
 * the checkout show what the server charges, because both compute it here.
 *
 * One rounding rule for the PIX price: the PIX price of a unit price is the price minus its
 * discount, the discount rounded half up to the centavo (and never the whole price: at 50% a
 * price of R$ 0,01 stays R$ 0,01, as an order must cost something); a line's PIX total is that unit price
 * times the quantity; an order's PIX total is the sum of its lines'. So what the product page
 * shows, times the quantity, is what the customer pays. `pixUnitPriceSql` (pix-price-sql.server.ts)
 * is the same rule in the statement that places the order.
 *
 * All amounts are integer centavos. A unit price is at most R$ 1.000.000,00 (10^8 centavos) and a
 * discount at most 50% (5,000 basis points), so `price × basis points` stays below 5·10^11, far
 * inside 2^53: the discount is exact in plain numbers. Instalments multiply powers of the monthly
 * rate, so they are computed in BigInt.
 */

/** How the owner prices payments: the 'Pagamento' section of the store settings. */
export interface PaymentTerms {
  /** The PIX discount, in basis points (500 = 5%). */
  pixDiscountBasisPoints: number;
  /** The most instalments a card payment may be split into. */
  maxInstallments: number;
  /** Up to how many instalments carry no interest. */
  installmentsWithoutInterest: number;
  /** The smallest instalment, in centavos. */
  minInstallmentCents: number;
  /** The monthly interest of the instalments beyond those without interest, in basis points. */
  monthlyInterestBasisPoints: number;
}

const BASIS_POINTS = 10_000;

/**
 * A unit price's PIX discount: the price times the rate, rounded half up to the centavo, less
 * than the price (a price is at least one centavo).
 */
export function pixDiscountCents(priceCents: number, discountBasisPoints: number): number {
  const scaled = priceCents * discountBasisPoints;
  const remainder = scaled % BASIS_POINTS;
  const rounded = (scaled - remainder) / BASIS_POINTS + (remainder * 2 >= BASIS_POINTS ? 1 : 0);
  return Math.min(rounded, Math.max(priceCents - 1, 0));
}

/** A unit price paid by PIX. */
export function pixUnitPriceCents(priceCents: number, discountBasisPoints: number): number {
  return priceCents - pixDiscountCents(priceCents, discountBasisPoints);
}

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

/** The list total of some lines and what they cost paid by PIX: each line's PIX unit price times its quantity. */
export function pixTotals(
  lines: readonly PricedLine[],
  discountBasisPoints: number,
): { listCents: number; pixCents: number; discountCents: number } {
  let listCents = 0;
  let pixCents = 0;
  for (const line of lines) {
    listCents += line.unitPriceCents * line.quantity;
    pixCents += pixUnitPriceCents(line.unitPriceCents, discountBasisPoints) * line.quantity;
  }
  return { listCents, pixCents, discountCents: listCents - pixCents };
}

/**
 * An offer of instalments: so many of so much, the total they add up to, at a monthly rate. The
 * instalments add up to the total exactly (Decreto 5.903/2006): the first carries the centavos an
 * even split leaves over.
 */
export interface InstallmentOffer {
  count: number;
  /** Each instalment after the first. */
  installmentCents: number;
  /** The first instalment: `installmentCents` plus what is left over, less than `count` centavos. */
  firstInstallmentCents: number;
  totalCents: number;
  monthlyInterestBasisPoints: number;
}

export interface InstallmentPlan {
  /** The most instalments without interest. */
  withoutInterest: InstallmentOffer;
  /** The most instalments at all, when they go beyond those without interest (and so carry interest). */
  withInterest: InstallmentOffer | null;
}

/**
 * How a card price may be split: the most instalments, up to the maximum, whose instalment is at
 * least the minimum (always at least one). Without interest the instalment is the total divided
 * by their count, rounded down, and the first takes the centavos left over; with interest it is the
 * Price table's PMT = P·i / (1 − (1+i)^−n), rounded half up, and the total is the instalment times
 * the count. A rate of 0 makes every instalment one without interest.
 */
export function installmentPlan(priceCents: number, terms: PaymentTerms): InstallmentPlan {
  const rate = terms.monthlyInterestBasisPoints;
  const freeUpTo =
    rate === 0 ? terms.maxInstallments : Math.min(terms.installmentsWithoutInterest, terms.maxInstallments);
  const withoutInterest = largestOffer(freeUpTo, terms.minInstallmentCents, (count) => {
    const installmentCents = Math.floor(priceCents / count);
    return {
      count,
      installmentCents,
      firstInstallmentCents: priceCents - installmentCents * (count - 1),
      totalCents: priceCents,
      monthlyInterestBasisPoints: 0,
    };
  });
  if (terms.maxInstallments <= freeUpTo) return { withoutInterest, withInterest: null };
  const withInterest = largestOffer(terms.maxInstallments, terms.minInstallmentCents, (count) => {
    const installmentCents = priceTableInstallment(priceCents, rate, count);
    return {
      count,
      installmentCents,
      firstInstallmentCents: installmentCents,
      totalCents: installmentCents * count,
      monthlyInterestBasisPoints: rate,
    };
  });
  // Too few instalments of at least the minimum reach beyond those without interest: none offered.
  return { withoutInterest, withInterest: withInterest.count > freeUpTo ? withInterest : null };
}

/** The offer of the most instalments up to `upTo` whose instalment is at least the minimum; one at least. */
function largestOffer(
  upTo: number,
  minInstallmentCents: number,
  offer: (count: number) => InstallmentOffer,
): InstallmentOffer {
  for (let count = Math.max(upTo, 1); count > 1; count--) {
    const candidate = offer(count);
    if (candidate.installmentCents >= minInstallmentCents) return candidate;
  }
  return offer(1);
}

/**
 * An offer as the customer reads it: '12x de R$ 225,00 sem juros', '12x de R$ 224,99 sem juros (a
 * primeira de R$ 225,01)', '12x de R$ 94,50 com juros de 1,99% a.m. (total R$ 1.134,00)'.
 */
export function installmentText(offer: InstallmentOffer): string {
  const each = `${offer.count}x de ${formatBRL(offer.installmentCents)}`;
  if (offer.monthlyInterestBasisPoints > 0) {
    return `${each} com juros de ${formatPercent(offer.monthlyInterestBasisPoints)} a.m. (total ${formatBRL(offer.totalCents)})`;
  }
  return offer.firstInstallmentCents === offer.installmentCents
    ? `${each} sem juros`
    : `${each} sem juros (a primeira de ${formatBRL(offer.firstInstallmentCents)})`;
}

/**
 * The Price table's instalment, exactly: with i = r / 10,000, PMT = P·i·(1+i)^n / ((1+i)^n − 1)
 * = P·r·(10,000 + r)^n / (10,000 · ((10,000 + r)^n − 10,000^n)), rounded half up; never below
 * the price split without interest (a tiny rate on a few centavos would round the total under
 * the price).
 */
function priceTableInstallment(priceCents: number, rateBasisPoints: number, count: number): number {
  const base = BigInt(BASIS_POINTS);
  const grown = (base + BigInt(rateBasisPoints)) ** BigInt(count);
  const numerator = BigInt(priceCents) * BigInt(rateBasisPoints) * grown;
  const denominator = base * (grown - base ** BigInt(count));
  const rounded = Number((2n * numerator + denominator) / (2n * denominator));
  return Math.max(rounded, Math.ceil(priceCents / count));
}

/**
 * Basis points as the percentage a customer reads: 500 → "5%", 750 → "7,5%", 199 → "1,99%"
 * (Intl's pt-BR format with up to two decimals, written out by hand as `formatBRL` is).
 */
export function formatPercent(basisPoints: number): string {
  const { sign, whole, hundredths } = hundredthsInDigits(basisPoints);
  const decimals = hundredths.replace(/0+$/, "");
  return `${sign}${whole}${decimals && `,${decimals}`}%`;
}
