/** What the profile page's action answers to its forms. */
export interface ProfileActionData {
  intent: "create" | "update" | "avatar";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
}
