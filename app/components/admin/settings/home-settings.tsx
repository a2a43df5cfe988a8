import { useId } from "react";
import { FEATURED_PRODUCT_FIELD, type ProductChoice } from "../../../domain/store-settings/settings-forms";
import { FEATURED_PRODUCTS_MAX, type StoreSettings } from "../../../domain/store-settings/settings-schema";
import { standardResellerText } from "../../../domain/store-settings/store-promises";
import { FormField, FormMessage } from "../../ui/form-field";
import { TextAreaField } from "../../ui/textarea-field";
import { ImageUploadSettings } from "./image-upload-settings";
import { SettingsForm, SettingsSection, type SettingsFormFields } from "./settings-form";

export function HomeSettings({
  storeName,
  home,
  banner,
  featuredProducts,
  suggestions,
}: {
  storeName: string;
  home: StoreSettings["home"];
  banner: StoreSettings["banner"];
  featuredProducts: ProductChoice[];
  suggestions: ProductChoice[];
}) {
  return (
    <>
      <SettingsSection
        title="Página inicial"
        description="O destaque do topo, os produtos em destaque e o texto da página Revendedor Oficial."
      >
        <SettingsForm intent="home" submitLabel="Salvar página inicial" className="grid gap-4 sm:grid-cols-2">
          {(fields) => (
            <>
              <FormField
                label="Título do destaque"
                name="heroTitle"
                maxLength={120}
                defaultValue={fields.value("heroTitle", home.heroTitle)}
                error={fields.errors.heroTitle}
                required
              />
              <FormField
                label="Texto do botão"
                name="heroButton"
                maxLength={40}
                defaultValue={fields.value("heroButton", home.heroButton)}
                error={fields.errors.heroButton}
                required
              />
              <TextAreaField
                className="sm:col-span-2"
                label="Subtítulo do destaque"
                name="heroSubtitle"
                rows={2}
                maxLength={300}
                defaultValue={fields.value("heroSubtitle", home.heroSubtitle)}
                error={fields.errors.heroSubtitle}
              />
              <TextAreaField
                className="sm:col-span-2"
                label="Texto da página Revendedor Oficial"
                name="resellerText"
                rows={3}
                maxLength={500}
                placeholder={standardResellerText(storeName)}
                defaultValue={fields.value("resellerText", home.resellerText ?? "")}
                error={fields.errors.resellerText}
                hint="Em branco: o texto padrão, com o nome da loja."
              />
              <FeaturedProductSlots
                saved={home.featuredProductIds}
                featuredProducts={featuredProducts}
                suggestions={suggestions}
                fields={fields}
              />
            </>
          )}
        </SettingsForm>
      </SettingsSection>
      <SettingsSection
        title="Banner da página inicial"
        description="Uma imagem larga (opcional) sob o destaque do topo."
      >
        <ImageUploadSettings
          field="banner"
          label="Banner"
          currentUrl={banner.bannerUrl}
          currentAlt="Banner atual da página inicial"
          noneText="Sem banner."
          removeLabel="Remover banner"
        />
      </SettingsSection>
    </>
  );
}

/**
 * Up to six products by their code, in the order of the slots: typed (any product) or picked
 * from the suggestions; a plain form's text fields, so the order is the slots' before scripts too.
 */
function FeaturedProductSlots({
  saved,
  featuredProducts,
  suggestions,
  fields,
}: {
  saved: number[];
  featuredProducts: ProductChoice[];
  suggestions: ProductChoice[];
  fields: SettingsFormFields;
}) {
  const id = useId();
  const error = fields.errors.featuredProductIds;
  return (
    <fieldset
      aria-describedby={`${id}-dica${error ? ` ${id}-erro` : ""}`}
      className="flex flex-col gap-3 sm:col-span-2"
    >
      <legend className="text-sm font-semibold text-slate-800">Produtos em destaque</legend>
      <p id={`${id}-dica`} className="text-sm text-slate-600">
        Até {FEATURED_PRODUCTS_MAX} produtos, pelo código (o número no endereço da página do produto), na
        ordem em que aparecem. Deixe todos vazios para mostrar os mais recentes.
      </p>
      <datalist id={`${id}-produtos`}>
        {suggestions.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </datalist>
      <ol className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: FEATURED_PRODUCTS_MAX }, (_, slot) => {
          const savedId = saved[slot];
          const name = featuredProducts.find((product) => product.id === savedId)?.name;
          return (
            <li key={slot} className="flex flex-col gap-1">
              <FormField
                label={`${slot + 1}º produto`}
                name={FEATURED_PRODUCT_FIELD}
                inputMode="numeric"
                list={`${id}-produtos`}
                defaultValue={fields.value(
                  `${FEATURED_PRODUCT_FIELD}.${slot}`,
                  savedId ? String(savedId) : "",
                )}
              />
              {name && <span className="text-xs text-slate-600">Agora: {name}</span>}
            </li>
          );
        })}
      </ol>
      <FormMessage id={`${id}-erro`} message={error} />
    </fieldset>
  );
}
