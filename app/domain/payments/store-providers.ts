import type { CardProvider } from "./card-provider";
import type { PixProvider } from "./pix-provider";

/** The store's providers: its PIX provider, and its card provider when it takes cards. */
export interface StoreProviders {
  pix: PixProvider;
  card: CardProvider | null;
}

/** The store's providers, each once. */
export function configuredProviders({ pix, card }: StoreProviders): (PixProvider | CardProvider)[] {
  return card ? [pix, card] : [pix];
}

/**
 * The configured provider called `name` (a payment's, a refund's, a webhook's), or null: a
 * provider the store no longer uses cannot be reached.
 */
export function configuredProviderNamed(
  providers: StoreProviders,
  name: string | null,
): PixProvider | CardProvider | null {
  return configuredProviders(providers).find((provider) => provider.name === name) ?? null;
}
