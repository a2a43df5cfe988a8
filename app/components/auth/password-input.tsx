import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { FormField } from "../ui/form-field";

/** A password field with a show/hide toggle. */
export function PasswordInput({
  name,
  label = "Senha",
  error,
  autoComplete,
}: {
  name: string;
  label?: string;
  error?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      label={label}
      name={name}
      type={visible ? "text" : "password"}
      autoComplete={autoComplete}
      required
      error={error}
      trailing={
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? "Ocultar senha" : "Mostrar senha"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-900"
        >
          {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        </button>
      }
    />
  );
}
