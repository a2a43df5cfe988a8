/** What an admin page's action answers to its plain form (a coupon's, a promotion's). */
export interface AdminFormAnswer {
  ok: boolean;
  message: string;
  /** Messages by field name, shown at the field. */
  errors?: Record<string, string>;
  /** The fields as posted, drawn again after a refusal (a form sent before the scripts ran too). */
  posted?: Record<string, string>;
}
