import { z } from "../../lib/zod";
import { MAX_CART_LINES, MAX_QUANTITY_PER_ITEM } from "./cart-items";

const productId = z.number().int().min(1).max(2_147_483_647);
// The line's variant (decision 0030); without it, the product's default variant.
const variantId = productId.optional();

/** What the browser asks of a signed-in customer's cart (`POST /api/cart`), as JSON. */
export const cartRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, variantId }),
  z.object({
    intent: z.literal("set"),
    productId,
    variantId,
    quantity: z.number().int().min(-1_000_000).max(1_000_000),
  }),
  z.object({ intent: z.literal("remove"), productId, variantId }),
  z.object({ intent: z.literal("clear") }),
  z.object({
    intent: z.literal("merge"),
    lines: z
      .array(
        z.object({ id: productId, variantId, quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_ITEM) }),
      )
      .max(MAX_CART_LINES),
  }),
]);

export type CartRequest = z.infer<typeof cartRequestSchema>;

const formNumber = (value: unknown) => (typeof value === "string" && value !== "" ? Number(value) : value);

/**
 * The same changes as the cart's plain forms post them to `/cart` before the scripts run (a
 * sign-in's merge is not one of them).
 */
export const cartFormSchema = z.preprocess(
  (form) =>
    typeof form === "object" && form !== null
      ? {
          ...form,
          productId: formNumber((form as Record<string, unknown>).productId),
          variantId: formNumber((form as Record<string, unknown>).variantId),
          quantity: formNumber((form as Record<string, unknown>).quantity),
        }
      : form,
  cartRequestSchema.refine((request) => request.intent !== "merge"),
);

/** The coupon form of the cart and the checkout: 'Aplicar' with the code typed, or 'Remover'. */
export const couponFormSchema = z.object({
  intent: z.enum(["coupon", "remove-coupon"]),
  // A code no coupon can have (too long) is tried as none: 'Cupom inválido', never an error page.
  code: z.string().max(60).catch(""),
});
