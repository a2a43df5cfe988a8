import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { SettingsForm, SettingsSection } from "./settings-form";

export function ReviewsSettings({ reviews }: { reviews: StoreSettings["reviews"] }) {
  return (
    <SettingsSection
      title="Avaliações"
      description="Só quem comprou o produto numa compra paga pode avaliá-lo. Com a aprovação ligada, cada avaliação espera a sua aprovação na aba Avaliações antes de aparecer na página do produto."
    >
      <SettingsForm intent="reviews" submitLabel="Salvar avaliações">
        {({ value }) => (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="approveFirst"
              defaultChecked={value("approveFirst", reviews.approveFirst ? "on" : "") === "on"}
              className="accent-brand-600"
            />
            Aprovar cada avaliação antes de publicá-la
          </label>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
