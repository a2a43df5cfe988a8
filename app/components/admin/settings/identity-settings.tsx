import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { TextAreaField } from "../../ui/textarea-field";
import { ImageUploadSettings } from "./image-upload-settings";
import { SettingsForm, SettingsSection } from "./settings-form";

export function IdentitySettings({
  identity,
  logo,
}: {
  identity: StoreSettings["identity"];
  logo: StoreSettings["logo"];
}) {
  return (
    <>
      <SettingsSection
        title="Identidade"
        description="O nome, a descrição nos buscadores e a cor dos botões, cujo texto é branco: a cor precisa de contraste mínimo de 4,5:1 com ele."
      >
        <SettingsForm intent="identity" submitLabel="Salvar identidade" className="grid gap-4 sm:grid-cols-2">
          {({ errors, value }) => (
            <>
              <FormField
                label="Nome da loja"
                name="name"
                maxLength={60}
                defaultValue={value("name", identity.name)}
                error={errors.name}
                required
              />
              <FormField
                label="Cor principal"
                name="primaryColor"
                type="color"
                defaultValue={value("primaryColor", identity.primaryColor)}
                error={errors.primaryColor}
              />
              <TextAreaField
                className="sm:col-span-2"
                label="Descrição curta"
                hint="Aparece nos resultados de busca e ao compartilhar a loja (até 160 caracteres)."
                name="description"
                rows={2}
                maxLength={160}
                defaultValue={value("description", identity.description)}
                error={errors.description}
              />
            </>
          )}
        </SettingsForm>
      </SettingsSection>
      <SettingsSection
        title="Logo"
        description="Sem logo, a loja mostra o nome como texto. O ícone da aba do navegador é feito a partir do logo."
      >
        <ImageUploadSettings
          field="logo"
          label="Logo"
          currentUrl={logo.logoUrl}
          currentAlt="Logo atual da loja"
          noneText="Sem logo: o nome da loja aparece como texto."
          removeLabel="Remover logo"
        />
      </SettingsSection>
    </>
  );
}
