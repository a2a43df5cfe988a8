/** The kinds of record an admin write touches, as the audit log files them. */
export const AUDIT_TARGETS = [
  "product",
  "product_image",
  "user",
  "order",
  "store_settings",
  "coupon",
  "promotion",
  "bling",
  "review",
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];
