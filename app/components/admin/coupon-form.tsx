import { Form, useNavigation } from "react-router";
import { COUPON_KIND_LABELS } from "../../domain/promotions/coupons";
import { COUPON_KINDS } from "../../lib/order-statuses";
import { Button } from "../ui/button";
import { FormField, SelectField } from "../ui/form-field";

/**
 * A coupon's rules as the admin sets them: a plain form, so it works before the scripts run; a
 * refusal comes back at its field with what was typed.
 */
export function CouponForm({
  texts,
  errors = {},
  submitLabel,
}: {
  texts: Record<string, string>;
  errors?: Record<string, string>;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const text = (name: string) => ({ name, defaultValue: texts[name] ?? "", error: errors[name] });
  const checkbox = (name: string, label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" name={name} defaultChecked={texts[name] === "on"} className="size-4" />
      {label}
    </label>
  );
  return (
    <Form method="post" className="flex max-w-2xl flex-col gap-4">
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Código" {...text("code")} required maxLength={30} autoCapitalize="characters" />
        <SelectField label="Tipo" name="kind" defaultValue={texts.kind} error={errors.kind}>
          {COUPON_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {COUPON_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Valor (% ou R$; nada no frete grátis)"
          {...text("value")}
          inputMode="decimal"
          maxLength={20}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Primeiro dia (opcional)" type="date" {...text("startsOn")} />
        <FormField label="Último dia (opcional)" type="date" {...text("endsOn")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="Compra mínima em R$ (opcional)"
          {...text("minSubtotal")}
          inputMode="decimal"
          maxLength={20}
        />
        <FormField label="Usos no total (opcional)" {...text("maxUses")} inputMode="numeric" maxLength={7} />
        <FormField
          label="Usos por CPF/CNPJ (opcional)"
          {...text("maxUsesPerCustomer")}
          inputMode="numeric"
          maxLength={7}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Regras</legend>
        {checkbox("firstPurchaseOnly", "Só na primeira compra do CPF/CNPJ")}
        {checkbox("pixOnly", "Só com pagamento via PIX")}
        {checkbox("onSaleItems", "Vale também para itens em promoção (de/por)")}
        {checkbox("addsToPixDiscount", "Soma ao desconto do PIX (sem marcar, o cupom o substitui)")}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          Vale só para (em branco: toda a loja; separe por vírgulas)
        </legend>
        <FormField label="Produtos (números)" {...text("onlyProducts")} maxLength={2000} />
        <FormField label="Categorias" {...text("onlyCategories")} maxLength={2000} />
        <FormField label="Marcas" {...text("onlyBrands")} maxLength={2000} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Não vale para</legend>
        <FormField label="Produtos (números)" {...text("exceptProducts")} maxLength={2000} />
        <FormField label="Categorias" {...text("exceptCategories")} maxLength={2000} />
        <FormField label="Marcas" {...text("exceptBrands")} maxLength={2000} />
      </fieldset>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? "Salvando..." : submitLabel}
      </Button>
    </Form>
  );
}
