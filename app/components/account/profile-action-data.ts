/** What the profile page's action answers to its forms. */
export interface ProfileActionData {
  intent: "create" | "update" | "avatar";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  /** Where the customer was going when sent to create the profile (the checkout): back there. */
  returnTo?: string;
}
