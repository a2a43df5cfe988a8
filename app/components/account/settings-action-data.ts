/** What the settings page's action answers to its forms. */
export interface SettingsActionData {
  intent:
    | "two-factor-start"
    | "two-factor-confirm"
    | "two-factor-disable"
    | "password"
    | "passkey-add"
    | "passkey-remove"
    | "delete-account"
    | "marketing-off"
    | "marketing-on";
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  /** Enrolment: the QR code to scan, the secret to type instead, and the backup codes. */
  enrolment?: { qrCodeSvg: string; secret: string; backupCodes: string[] };
}
