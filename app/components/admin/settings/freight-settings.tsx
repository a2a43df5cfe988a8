import {
  FREIGHT_PROVIDER_NAMES,
  FREIGHT_PROVIDERS,
  freightFormTexts,
  TABLE_LINE_FORMAT,
} from "../../../domain/shipping/freight-settings";
import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField, FormMessage, inputClasses } from "../../ui/form-field";
import { ParcelFields } from "../parcel-fields";
import { SettingsForm, SettingsSection } from "./settings-form";

const MODES = [
  { value: "free", label: "Frete grátis para todo o Brasil", hint: "Como hoje: nenhum frete é cobrado." },
  {
    value: "quote",
    label: "Cotação",
    hint: "Preço e prazo do provedor pelo CEP; a tabela cobre quando ele não responde.",
  },
  { value: "table", label: "Tabela", hint: "Só a tabela abaixo, por estado ou faixa de CEP e peso." },
] as const;

/**
 * 'Frete': free (the spec's store), a quote by a provider, or the owner's table; the rules of free
 * shipping, the default parcel and the table. The provider's credentials are the server's
 * variables; the page says which are set.
 */
export function FreightSettings({
  freight,
  originPlaceholder,
  configuredProviders,
}: {
  freight: StoreSettings["freight"];
  /** The store address's CEP, the origin when none is given. */
  originPlaceholder: string;
  configuredProviders: Record<(typeof FREIGHT_PROVIDERS)[number], boolean>;
}) {
  const texts = freightFormTexts(freight);
  return (
    <SettingsSection
      title="Frete"
      description="Como o frete é cobrado no produto, no carrinho e no checkout. Com frete grátis, a loja mostra os textos de frete grátis; nos outros modos, só onde ele vale."
    >
      <SettingsForm intent="freight" submitLabel="Salvar frete" className="grid gap-4 sm:grid-cols-2">
        {({ errors, value }) => (
          <>
            <fieldset className="flex flex-col gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">Modo</legend>
              {MODES.map((mode) => (
                <label key={mode.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="mode"
                    value={mode.value}
                    defaultChecked={value("mode", texts.mode) === mode.value}
                    className="mt-1 accent-brand-600"
                  />
                  <span>
                    <span className="font-medium">{mode.label}</span>
                    <span className="block text-xs text-slate-500">{mode.hint}</span>
                  </span>
                </label>
              ))}
              <FormMessage message={errors.mode} />
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="freight-provider" className="text-sm font-medium text-slate-700">
                Cotação por
              </label>
              <select
                id="freight-provider"
                name="provider"
                defaultValue={value("provider", texts.provider)}
                className={inputClasses}
              >
                {FREIGHT_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {FREIGHT_PROVIDER_NAMES[provider]}
                    {configuredProviders[provider] ? "" : " (não configurado)"}
                  </option>
                ))}
              </select>
              <p className="text-xs text-slate-500">
                Melhor Envio: variável MELHOR_ENVIO_TOKEN. Correios: CORREIOS_USER, CORREIOS_ACCESS_CODE e
                CORREIOS_POSTING_CARD.
              </p>
              <FormMessage message={errors.provider} />
            </div>
            <FormField
              label="CEP de origem"
              name="originCep"
              inputMode="numeric"
              placeholder={originPlaceholder}
              defaultValue={value("originCep", texts.originCep)}
              error={errors.originCep}
            />
            <FormField
              label="Serviços oferecidos (vazio: todos)"
              name="services"
              placeholder="PAC, SEDEX, .Package"
              defaultValue={value("services", texts.services)}
              error={errors.services}
            />
            <FormField
              label="Dias de manuseio (somados ao prazo)"
              name="handlingDays"
              inputMode="numeric"
              defaultValue={value("handlingDays", texts.handlingDays)}
              error={errors.handlingDays}
            />
            <FormField
              label="Taxa fixa no frete (R$)"
              name="feeCents"
              inputMode="decimal"
              defaultValue={value("feeCents", texts.feeCents)}
              error={errors.feeCents}
            />
            <FormField
              label="Taxa sobre o frete (%)"
              name="feeBasisPoints"
              inputMode="decimal"
              defaultValue={value("feeBasisPoints", texts.feeBasisPoints)}
              error={errors.feeBasisPoints}
            />
            <FormField
              label="Frete grátis a partir de (R$, vazio: nunca)"
              name="freeOverCents"
              inputMode="decimal"
              defaultValue={value("freeOverCents", texts.freeOverCents)}
              error={errors.freeOverCents}
            />
            <FormField
              label="Frete grátis para (vazio: todo o Brasil)"
              name="freeRegions"
              placeholder="SP, RJ, 30000-000 a 39999-999"
              defaultValue={value("freeRegions", texts.freeRegions)}
              error={errors.freeRegions}
            />
            <FormField
              label="Serviço com frete grátis (vazio: o mais barato)"
              name="freeService"
              placeholder="PAC"
              defaultValue={value("freeService", texts.freeService)}
              error={errors.freeService}
            />
            <ParcelFields
              legend="Embalagem padrão (produto sem peso ou medidas)"
              value={(field) => value(field, texts[field])}
              errors={errors}
            />
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <label htmlFor="freight-table" className="text-sm font-medium text-slate-700">
                Tabela de frete
              </label>
              <p id="freight-table-format" className="text-xs text-slate-500">
                Uma linha por faixa: {TABLE_LINE_FORMAT}. Ex.:{" "}
                <code>Econômico; SP, RJ; 0-1000; 15,90; 3-5</code>. Uma faixa de CEP vale mais que o estado.
              </p>
              <textarea
                id="freight-table"
                name="table"
                rows={6}
                defaultValue={value("table", texts.table)}
                aria-describedby="freight-table-format"
                aria-invalid={errors.table ? true : undefined}
                className={`${inputClasses} h-auto font-mono`}
              />
              <FormMessage message={errors.table} />
            </div>
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
