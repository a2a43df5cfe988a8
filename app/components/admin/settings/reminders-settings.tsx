import type { StoreSettings } from "../../../domain/store-settings/settings-schema";
import { FormField } from "../../ui/form-field";
import { SettingsForm, SettingsSection } from "./settings-form";

export function RemindersSettings({ reminders }: { reminders: StoreSettings["reminders"] }) {
  return (
    <SettingsSection
      title="Lembretes por e-mail"
      description="Um e-mail ao cliente com pedido ainda não pago (o PIX com o código copia e cola e o QR code, o boleto com a linha digitável, e o botão Pagar agora) e até dois ao cliente que deixou produtos no carrinho, contados da última mudança nele, com os preços de agora e um link que refaz o carrinho em qualquer aparelho. O lembrete do PIX só sai enquanto o código vale. Nenhum depois do pedido pago, cancelado ou feito, nem a quem se descadastrou. Use 0 para não enviar."
    >
      <SettingsForm intent="reminders" submitLabel="Salvar lembretes" className="grid gap-4 sm:grid-cols-2">
        {({ errors, value }) => (
          <>
            <FormField
              label="PIX não pago: minutos depois do pedido"
              name="pixAfterMinutes"
              type="number"
              min={0}
              max={1440}
              step={1}
              defaultValue={value("pixAfterMinutes", String(reminders.pixAfterMinutes))}
              error={errors.pixAfterMinutes}
              required
            />
            <FormField
              label="Boleto não pago: dias antes do vencimento"
              name="boletoDaysBefore"
              type="number"
              min={0}
              max={10}
              step={1}
              defaultValue={value("boletoDaysBefore", String(reminders.boletoDaysBefore))}
              error={errors.boletoDaysBefore}
              required
            />
            <FormField
              label="Carrinho abandonado: 1º e-mail, horas depois"
              name="cartFirstHours"
              type="number"
              min={0}
              max={168}
              step={1}
              defaultValue={value("cartFirstHours", String(reminders.cartFirstHours))}
              error={errors.cartFirstHours}
              required
            />
            <FormField
              label="Carrinho abandonado: 2º e-mail, horas depois"
              name="cartSecondHours"
              type="number"
              min={0}
              max={720}
              step={1}
              defaultValue={value("cartSecondHours", String(reminders.cartSecondHours))}
              error={errors.cartSecondHours}
              required
            />
            <FormField
              label="Cupom no 2º e-mail do carrinho (opcional)"
              name="cartCouponCode"
              maxLength={30}
              defaultValue={value("cartCouponCode", reminders.cartCouponCode ?? "")}
              error={errors.cartCouponCode}
            />
          </>
        )}
      </SettingsForm>
    </SettingsSection>
  );
}
