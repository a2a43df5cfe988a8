import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { SettingsForm, SettingsSection } from "./settings-form";

export function ReviewsSettings({ reviews }: { reviews: StoreSettings["reviews"] }) {
  return (
    <SettingsSection
      title="Avaliações"
      description="Só quem comprou o produto numa compra paga pode avaliá-lo. Com a aprovação ligada, cada avaliação espera a sua aprovação na aba Avaliações antes de aparecer na página do produto. Depois da entrega, o cliente recebe um e-mail com um link direto para avaliar cada produto ainda não avaliado (use 0 para não enviar)."
    >
      <SettingsForm intent="reviews" submitLabel="Salvar avaliações" className="grid gap-4 sm:grid-cols-2">
        {({ errors, value }) => (
          <>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                name="approveFirst"
                defaultChecked={value("approveFirst", reviews.approveFirst ? "on" : "") === "on"}
                className="accent-brand-600"
              />
              Aprovar cada avaliação antes de publicá-la
            </label>
            <FormField
              label="Pedir a avaliação por e-mail: dias depois da entrega"
              name="requestDays"
              type="number"
              min={0}
              max={60}
              step={1}
              defaultValue={value("requestDays", String(reviews.requestDays))}
              error={errors.requestDays}
              required
            />
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
