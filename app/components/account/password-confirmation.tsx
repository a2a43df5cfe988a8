import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";

/** The end of a form that needs the password: the field, 'Cancelar' and the confirming button. */
export function PasswordConfirmation({
  error,
  busy,
  onCancel,
  confirmLabel,
  busyLabel,
}: {
  error?: string;
  busy: boolean;
  onCancel: () => void;
  confirmLabel: string;
  busyLabel: string;
}) {
  return (
    <>
      <FormField
        label="Senha"
        name="password"
        type="password"
        autoComplete="current-password"
        error={error}
      />
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" variant="destructive" className="flex-1" disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </>
  );
}
