import { Link } from "react-router";
import { POLICY_PAGES } from "../../../domain/store-settings/policy-pages";
import { POLICY_MAX_CHARS, type StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { TextAreaField } from "../../ui/textarea-field";
import { SettingsForm, SettingsSection } from "./settings-form";

export function PoliciesSettings({ policies }: { policies: StoreSettings["policies"] }) {
  return (
    <SettingsSection
      title="Políticas"
      description={
        <>
          <p>
            Os textos iniciais são um modelo com o mínimo que a lei pede (como o direito de arrependimento de
            7 dias do CDC, art. 49): revise-os e adapte-os à sua loja, de preferência com seu advogado ou
            contador.
          </p>
          <p className="mt-1">
            Escreva em Markdown: parágrafos separados por uma linha em branco, **negrito**, listas com “-” e
            links como [texto](https://…). HTML não é aceito: aparece como texto.
          </p>
        </>
      }
    >
      <SettingsForm intent="policies" submitLabel="Salvar políticas" className="flex flex-col gap-4">
        {({ errors, value }) => (
          <>
            {POLICY_PAGES.map((page) => (
              <div key={page.key} className="flex flex-col gap-1">
                <TextAreaField
                  label={page.title}
                  name={page.key}
                  rows={10}
                  maxLength={POLICY_MAX_CHARS}
                  defaultValue={value(page.key, policies[page.key])}
                  error={errors[page.key]}
                />
                <Link to={page.path} className="text-sm text-brand-700 underline" target="_blank">
                  Ver a página {page.title}
                </Link>
              </div>
            ))}
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}

export function DeliverySettings({ delivery }: { delivery: StoreSettings["delivery"] }) {
  return (
    <SettingsSection
      title="Entrega"
      description="Mostrado na página do produto, no checkout e no e-mail do pedido."
    >
      <SettingsForm
        intent="delivery"
        submitLabel="Salvar prazo de entrega"
        className="grid gap-4 sm:grid-cols-2"
      >
        {({ errors, value }) => (
          <FormField
            label="Prazo de entrega (dias úteis)"
            name="deliveryDays"
            type="number"
            min={1}
            max={90}
            step={1}
            defaultValue={value("deliveryDays", String(delivery.deliveryDays))}
            error={errors.deliveryDays}
            required
          />
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
