import { paymentFormTexts } from "../../../domain/store-settings/settings-forms";
import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { SettingsForm, SettingsSection } from "./settings-form";

/** 'Preços e parcelamento': the PIX discount and the card instalments every price shows. */
export function PaymentSettings({ payment }: { payment: StoreSettings["payment"] }) {
  const saved = paymentFormTexts(payment);
  return (
    <SettingsSection
      title="Preços e parcelamento"
      description="O desconto no PIX aparece ao lado de cada preço e vale no total dos pedidos; as parcelas aparecem quando a loja aceita cartão."
    >
      <SettingsForm
        intent="payment"
        submitLabel="Salvar preços e parcelamento"
        className="grid gap-4 sm:grid-cols-2"
      >
        {({ errors, value }) => (
          <>
            <FormField
              label="Desconto no PIX (%)"
              name="pixDiscountBasisPoints"
              inputMode="decimal"
              defaultValue={value("pixDiscountBasisPoints", saved.pixDiscountBasisPoints)}
              error={errors.pixDiscountBasisPoints}
              required
            />
            <FormField
              label="Parcela mínima (R$)"
              name="minInstallmentCents"
              inputMode="decimal"
              defaultValue={value("minInstallmentCents", saved.minInstallmentCents)}
              error={errors.minInstallmentCents}
              required
            />
            <FormField
              label="Parcelas no cartão (máximo)"
              name="maxInstallments"
              type="number"
              min={1}
              max={24}
              step={1}
              defaultValue={value("maxInstallments", saved.maxInstallments)}
              error={errors.maxInstallments}
              required
            />
            <FormField
              label="Parcelas sem juros"
              name="installmentsWithoutInterest"
              type="number"
              min={1}
              max={24}
              step={1}
              defaultValue={value("installmentsWithoutInterest", saved.installmentsWithoutInterest)}
              error={errors.installmentsWithoutInterest}
              required
            />
            <FormField
              label="Juros ao mês nas parcelas com juros (%)"
              name="monthlyInterestBasisPoints"
              inputMode="decimal"
              defaultValue={value("monthlyInterestBasisPoints", saved.monthlyInterestBasisPoints)}
              error={errors.monthlyInterestBasisPoints}
              required
            />
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
