import { z } from "./zod";

/**
 * An integer id (a product's, a photo's, a coupon's) as it comes in a URL or a form: digits only,
 * within the database's integer.
 */
export const rowIdField = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));
