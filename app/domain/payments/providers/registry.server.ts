import type { Env } from "../../../config/env.server";
import type { CardProvider } from "../card-provider";
import type { StoreProviders } from "../store-providers";
import type { PixProvider } from "../pix-provider";
import { mercadoPagoCardProviderOf } from "./mercadopago/mercadopago-card-provider.server";
import type { ProviderSetting } from "./provider-setting.server";
import { sandboxCardProviderOf } from "./sandbox-card/sandbox-card-provider.server";
import { sandboxPixProviderOf } from "./sandbox-pix/sandbox-pix-provider.server";
import { wooviPixProviderOf } from "./woovi/woovi-pix-provider.server";

export type PixProviderFactory = (setting: ProviderSetting) => PixProvider;
export type CardProviderFactory = (setting: ProviderSetting) => CardProvider;

/** The PIX providers, by the name `PIX_PROVIDER` gives them: one line each. */
export const PIX_PROVIDERS: Record<Env["PIX_PROVIDER"], PixProviderFactory> = {
  sandbox: sandboxPixProviderOf,
  woovi: wooviPixProviderOf,
};

/** The card providers, by the name `CARD_PROVIDER` gives them (`none` is none): one line each. */
export const CARD_PROVIDERS: Record<Exclude<Env["CARD_PROVIDER"], "none">, CardProviderFactory> = {
  sandbox: sandboxCardProviderOf,
  mercadopago: mercadoPagoCardProviderOf,
};

/**
 * The provider `name` stands for in `registry`. The store's names are the environment's, which
 * was validated at start; a name the registry lacks is a mistake of the caller, and thrown.
 */
export function providerNamed<Provider>(
  registry: Readonly<Record<string, (setting: ProviderSetting) => Provider>>,
  name: string,
  setting: ProviderSetting,
): Provider {
  const factory = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!factory) throw new Error(`Provedor de pagamento desconhecido: ${name}`);
  return factory(setting);
}

/** The store's payment providers, as `PIX_PROVIDER` and `CARD_PROVIDER` name them. */
export function paymentProvidersOf(setting: ProviderSetting): StoreProviders {
  const { PIX_PROVIDER, CARD_PROVIDER } = setting.env;
  return {
    pix: providerNamed(PIX_PROVIDERS, PIX_PROVIDER, setting),
    card: CARD_PROVIDER === "none" ? null : providerNamed(CARD_PROVIDERS, CARD_PROVIDER, setting),
  };
}
