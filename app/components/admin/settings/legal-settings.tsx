import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { maskCnpj, maskPhone } from "../../../lib/masks";
import { AddressFields } from "../../account/address-fields";
import { FormField } from "../../ui/form-field";
import { MaskedField } from "../../ui/masked-field";
import { SettingsForm, SettingsSection } from "./settings-form";

/** The seller's identity a Brazilian online store must show (Decreto 7.962/2013, art. 2). */
export function LegalSettings({ legal }: { legal: StoreSettings["legal"] }) {
  const { address } = legal;
  return (
    <SettingsSection
      title="Dados legais"
      description="Mostrados no rodapé, nos recibos e no checkout, como a lei pede às lojas online (Decreto 7.962/2013)."
    >
      <SettingsForm intent="legal" submitLabel="Salvar dados legais" className="grid gap-3 sm:grid-cols-6">
        {({ errors, value }) => (
          <>
            <FormField
              className="sm:col-span-6"
              label="Razão social"
              name="companyName"
              maxLength={150}
              defaultValue={value("companyName", legal.companyName)}
              error={errors.companyName}
              required
            />
            <MaskedField
              className="sm:col-span-3"
              label="CNPJ"
              name="cnpj"
              mask={maskCnpj}
              maxLength={18}
              placeholder="00.000.000/0000-00"
              defaultValue={value("cnpj", legal.cnpj)}
              error={errors.cnpj}
              required
            />
            <FormField
              className="sm:col-span-3"
              label="Inscrição estadual (opcional)"
              name="stateRegistration"
              maxLength={20}
              defaultValue={value("stateRegistration", legal.stateRegistration ?? "")}
              error={errors.stateRegistration}
            />
            <AddressFields
              initial={{
                cep: value("cep", address.cep),
                street: value("street", address.street),
                number: value("number", address.number),
                complement: value("complement", address.complement ?? ""),
                neighborhood: value("neighborhood", address.neighborhood),
                city: value("city", address.city),
                state: value("state", address.state),
              }}
              errors={errors}
            />
            <FormField
              className="sm:col-span-3"
              label="E-mail do SAC"
              name="sacEmail"
              type="email"
              defaultValue={value("sacEmail", legal.sacEmail)}
              error={errors.sacEmail}
              required
            />
            <MaskedField
              className="sm:col-span-3"
              label="Telefone do SAC"
              name="sacPhone"
              mask={maskPhone}
              inputMode="tel"
              placeholder="(11) 0000-0000"
              defaultValue={value("sacPhone", legal.sacPhone)}
              error={errors.sacPhone}
              required
            />
            <FormField
              className="sm:col-span-3"
              label="Encarregado de dados (LGPD): nome"
              name="dpoName"
              maxLength={100}
              defaultValue={value("dpoName", legal.dpoName)}
              error={errors.dpoName}
              required
            />
            <FormField
              className="sm:col-span-3"
              label="Encarregado de dados (LGPD): e-mail"
              name="dpoEmail"
              type="email"
              defaultValue={value("dpoEmail", legal.dpoEmail)}
              error={errors.dpoEmail}
              required
            />
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
