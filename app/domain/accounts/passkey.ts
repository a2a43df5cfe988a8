import type { Outcome } from "../../lib/outcome";

/** A passkey as the settings page lists it, dates already in the store's time zone. */
export interface PasskeySummary {
  id: string;
  name: string;
  /** dd/MM/yyyy. */
  createdOn: string;
  /** dd/MM/yyyy 'às' HH:mm, or null when it never signed in. */
  lastUsed: string | null;
}

/** What /api/passkey-options answers: the options for the browser's WebAuthn call, or why not. */
export type PasskeyOptionsAnswer = Outcome<{ options: Record<string, unknown> }>;
