import { Tag } from "lucide-react";
import { Form } from "react-router";
import type { CartCoupon } from "../../domain/cart/cart-coupon";
import { Button } from "../ui/button";
import { FormField, FormMessage } from "../ui/form-field";

/** A coupon code refused, with what was typed. */
export interface CouponRefusal {
  code: string;
  message: string;
}

/**
 * 'Cupom de desconto' in the cart and at checkout: a plain form posted to the page (`action`),
 * so it works before the scripts run. With a coupon kept, its code and 'Remover' (the totals say
 * its discount, or why it gives none now).
 */
export function CouponForm({
  action,
  coupon,
  refusal,
}: {
  action: string;
  coupon: CartCoupon | null;
  refusal: CouponRefusal | undefined;
}) {
  if (coupon && !refusal) {
    return (
      <Form method="post" action={action} className="mt-4 flex items-center justify-between gap-2 text-sm">
        <input type="hidden" name="intent" value="remove-coupon" />
        <p className="flex items-center gap-1.5 font-medium text-emerald-700">
          <Tag aria-hidden className="size-4" />
          Cupom {coupon.code} aplicado
        </p>
        <Button type="submit" variant="ghost" size="sm" aria-label={`Remover cupom ${coupon.code}`}>
          Remover
        </Button>
      </Form>
    );
  }
  return (
    <Form method="post" action={action} className="mt-4 flex flex-col gap-1.5" noValidate>
      <input type="hidden" name="intent" value="coupon" />
      <div className="flex items-end gap-2">
        <FormField
          label="Cupom de desconto"
          name="code"
          defaultValue={refusal?.code ?? ""}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={60}
          className="min-w-0 flex-1"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? REFUSAL_ID : undefined}
        />
        <Button type="submit" variant="outline">
          Aplicar
        </Button>
      </div>
      <FormMessage id={REFUSAL_ID} message={refusal?.message} />
    </Form>
  );
}

const REFUSAL_ID = "cupom-recusado";
