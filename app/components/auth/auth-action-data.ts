/** What the /auth action answers to its forms. */
export interface AuthActionData {
  errors?: Record<string, string>;
  message?: string;
  /** The password was right; the account asks for its second factor. */
  secondFactor?: boolean;
  welcome?: "login" | "signup";
  /** Whom a sign-in greets back. */
  name?: string;
  /** Where a new account was going when it signed up (the checkout): the welcome leads back. */
  returnTo?: string;
}
