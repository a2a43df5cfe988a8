import { Link } from "react-router";
import { policyPageOf } from "../../../domain/store-settings/policy-pages";
import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { SettingsForm, SettingsSection } from "./settings-form";

const RETURNS_PAGE = policyPageOf("returns")!;

export function PromisesSettings({ promises }: { promises: StoreSettings["promises"] }) {
  return (
    <SettingsSection
      title="Garantia, devolução e selo"
      description={
        <>
          <p>
            O que a loja promete na página inicial, na página do produto e na página Revendedor Oficial. Use 0
            para não anunciar; o arrependimento de 7 dias do CDC vale sempre e aparece no checkout.
          </p>
          <p className="mt-1">
            Confira que a{" "}
            <Link to={RETURNS_PAGE.path} target="_blank" className="text-brand-700 underline">
              {RETURNS_PAGE.title}
            </Link>{" "}
            diz o mesmo.
          </p>
        </>
      }
    >
      <SettingsForm
        intent="promises"
        submitLabel="Salvar garantia e devolução"
        className="grid gap-4 sm:grid-cols-2"
      >
        {({ errors, value }) => (
          <>
            <FormField
              label="Garantia (meses)"
              name="warrantyMonths"
              type="number"
              min={0}
              max={120}
              step={1}
              defaultValue={value("warrantyMonths", String(promises.warrantyMonths))}
              error={errors.warrantyMonths}
              required
            />
            <FormField
              label="Devolução grátis (dias)"
              name="freeReturnDays"
              type="number"
              min={0}
              max={365}
              step={1}
              defaultValue={value("freeReturnDays", String(promises.freeReturnDays))}
              error={errors.freeReturnDays}
              required
            />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                name="officialReseller"
                defaultChecked={value("officialReseller", promises.officialReseller ? "on" : "") === "on"}
                className="accent-brand-600"
              />
              Somos revendedor oficial das marcas que vendemos (mostra o selo e a página Revendedor Oficial)
            </label>
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
