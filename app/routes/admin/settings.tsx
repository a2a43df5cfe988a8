import { data, redirect } from "react-router";
import type { Route } from "./+types/settings";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import { ContactsSettings } from "../../components/admin/settings/contacts-settings";
import { HomeSettings } from "../../components/admin/settings/home-settings";
import { IdentitySettings } from "../../components/admin/settings/identity-settings";
import { LegalSettings } from "../../components/admin/settings/legal-settings";
import { PaymentSettings } from "../../components/admin/settings/payment-settings";
import { DeliverySettings, PoliciesSettings } from "../../components/admin/settings/policies-settings";
import { FreightSettings } from "../../components/admin/settings/freight-settings";
import { RemindersSettings } from "../../components/admin/settings/reminders-settings";
import { offeredCoupon } from "../../domain/marketing/cart-reminders.server";
import { ReviewsSettings } from "../../components/admin/settings/reviews-settings";
import { PromisesSettings } from "../../components/admin/settings/promises-settings";
import type { SettingsActionData } from "../../components/admin/settings/settings-action-data";
import { UnsavedEditsGuard } from "../../components/admin/settings/unsaved-edits";
import {
  productsById,
  saveHomeSettings,
  suggestedProducts,
} from "../../domain/store-settings/featured-products-choice.server";
import {
  postedTexts,
  SETTINGS_FORMS,
  settingsFieldErrors,
  type SettingsForm,
} from "../../domain/store-settings/settings-forms";
import type { StoreSettings } from "../../domain/store-settings/settings-schema";
import { saveStoreBanner, saveStoreLogo } from "../../domain/store-settings/store-images.server";
import { currentStoreSettings, saveSettingsSection } from "../../domain/store-settings/store-settings.server";
import { freightProviderConfigured } from "../../domain/shipping/freight-quotes.server";
import {
  FREIGHT_PROVIDER_NAMES,
  FREIGHT_PROVIDERS,
  type FreightProviderName,
} from "../../domain/shipping/freight-settings";
import { maskCep } from "../../lib/masks";
import { BlingSettings } from "../../components/admin/settings/bling-settings";
import {
  blingConnectionState,
  disconnectBling,
  saveBlingApp,
  saveBlingOptions,
  startBlingAuthorization,
} from "../../domain/fiscal/bling/bling-connection.server";
import {
  blingAppSchema,
  blingOptionsSchema,
  BLING_RETURN_PATH,
  BLING_WEBHOOK_PATH,
} from "../../domain/fiscal/bling/bling-settings";
import { requireAdmin } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { settings } = await currentStoreSettings(context.db, context.env);
  const [featuredProducts, suggestions, bling] = await Promise.all([
    productsById(context.db, settings.home.featuredProductIds),
    suggestedProducts(context.db),
    blingConnectionState(context.db),
  ]);
  const configuredFreightProviders = Object.fromEntries(
    FREIGHT_PROVIDERS.map((name) => [name, freightProviderConfigured(context.env, name)]),
  ) as Record<FreightProviderName, boolean>;
  return {
    settings,
    featuredProducts,
    suggestions,
    configuredFreightProviders,
    bling: {
      ...bling,
      returnUrl: `${context.baseURL}${BLING_RETURN_PATH}`,
      webhookUrl: `${context.baseURL}${BLING_WEBHOOK_PATH}`,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const { db, env, storage } = context;
  switch (intent) {
    case "logo":
    case "banner": {
      const upload = form.get(intent);
      const file = upload instanceof File ? upload : new File([], "");
      const outcome =
        intent === "logo"
          ? await saveStoreLogo(db, env, storage, user, file)
          : await saveStoreBanner(db, env, storage, user, file);
      return outcome.ok
        ? ({ intent, ok: true } satisfies SettingsActionData)
        : ({ intent, ok: false, errors: { [intent]: outcome.message } } satisfies SettingsActionData);
    }
    case "logo-remove":
      await saveSettingsSection(db, env, user, "logo", { logoUrl: null, faviconUrl: null });
      return { intent, ok: true } satisfies SettingsActionData;
    case "banner-remove":
      await saveSettingsSection(db, env, user, "banner", { bannerUrl: null });
      return { intent, ok: true } satisfies SettingsActionData;
    case "bling-app": {
      const input = blingAppSchema.safeParse(Object.fromEntries(form));
      if (!input.success) return { intent, ok: false, errors: settingsFieldErrors(input.error) };
      await saveBlingApp(db, env, user, input.data);
      return { intent, ok: true } satisfies SettingsActionData;
    }
    case "bling-connect": {
      // A plain form: the admin's browser goes on to Bling's authorisation page.
      const outcome = await startBlingAuthorization(db, env, user.id);
      if (!outcome.ok)
        return { intent, ok: false, errors: { bling: outcome.message } } satisfies SettingsActionData;
      throw redirect(outcome.url);
    }
    case "bling-options": {
      const input = blingOptionsSchema.safeParse(Object.fromEntries(form));
      if (!input.success) return { intent, ok: false, errors: settingsFieldErrors(input.error) };
      const outcome = await saveBlingOptions(db, user, input.data);
      if (!outcome.ok) return { intent, ok: false, errors: { bling: outcome.message } };
      return { intent, ok: true } satisfies SettingsActionData;
    }
    case "bling-disconnect":
      await disconnectBling(db, user);
      return { intent, ok: true } satisfies SettingsActionData;
  }
  if (typeof intent !== "string" || !Object.hasOwn(SETTINGS_FORMS, intent)) {
    throw data("Ação desconhecida", { status: 400 });
  }
  const section = intent as SettingsForm;
  const refused = (errors: Record<string, string>): SettingsActionData => ({
    intent: section,
    ok: false,
    errors,
    values: postedTexts(form),
  });
  const input = SETTINGS_FORMS[section].schema.safeParse(SETTINGS_FORMS[section].values(form));
  if (!input.success) return refused(settingsFieldErrors(input.error));
  // Each form's schema gives its own section's value; TypeScript cannot pair the two by itself.
  const freight = section === "freight" ? (input.data as StoreSettings["freight"]) : null;
  if (freight?.mode === "quote" && !freightProviderConfigured(env, freight.provider)) {
    return refused({
      provider: `${FREIGHT_PROVIDER_NAMES[freight.provider]} não está configurado neste servidor: defina as variáveis dele ou escolha outro modo`,
    });
  }
  const reminders = section === "reminders" ? (input.data as StoreSettings["reminders"]) : null;
  if (reminders?.cartCouponCode && !(await offeredCoupon(db, reminders.cartCouponCode))) {
    return refused({ cartCouponCode: "Nenhum cupom ativo e válido hoje com este código: crie-o em Cupons" });
  }
  if (section === "home") {
    const outcome = await saveHomeSettings(db, env, user, input.data as StoreSettings["home"]);
    if (!outcome.ok) return refused(outcome.errors);
  } else {
    await saveSettingsSection(db, env, user, section, input.data as StoreSettings[typeof section]);
  }
  return { intent: section, ok: true } satisfies SettingsActionData;
}

export default function StoreSettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings, featuredProducts, suggestions, configuredFreightProviders, bling } = loaderData;
  return (
    <UnsavedEditsGuard>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold">Configurações da loja</h2>
          <p className="text-sm text-slate-600">
            O que a loja mostra aos clientes: cada seção é salva à parte e aparece no site na hora.
          </p>
        </div>
        <IdentitySettings identity={settings.identity} logo={settings.logo} />
        <LegalSettings legal={settings.legal} />
        <ContactsSettings contacts={settings.contacts} />
        <HomeSettings
          storeName={settings.identity.name}
          home={settings.home}
          banner={settings.banner}
          featuredProducts={featuredProducts}
          suggestions={suggestions}
        />
        <PoliciesSettings policies={settings.policies} />
        <DeliverySettings delivery={settings.delivery} />
        <PromisesSettings promises={settings.promises} />
        <FreightSettings
          freight={settings.freight}
          originPlaceholder={maskCep(settings.legal.address.cep)}
          configuredProviders={configuredFreightProviders}
        />
        <PaymentSettings payment={settings.payment} />
        <ReviewsSettings reviews={settings.reviews} />
        <RemindersSettings reminders={settings.reminders} />
        <BlingSettings {...bling} />
      </div>
    </UnsavedEditsGuard>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
