import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import type { SettingsActionData } from "./settings-action-data";

/** A new password, confirmed with the current one; the other sessions end. */
export function PasswordSection() {
  const change = useFetcher<SettingsActionData>({ key: "password" });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (change.data?.ok) {
      toast.success("Senha alterada com sucesso");
      form.current?.reset();
    } else if (change.data?.message) {
      toast.error(change.data.message);
    }
  }, [change.data]);
  const errors = change.data?.errors ?? {};
  return (
    <section aria-labelledby="password-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="password-heading" className="text-lg font-semibold">
        Alterar senha
      </h2>
      <change.Form ref={form} method="post" className="mt-4 flex flex-col gap-3 sm:max-w-sm" noValidate>
        <input type="hidden" name="intent" value="password" />
        <FormField
          label="Senha atual"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <FormField
          label="Nova senha"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <Button type="submit" disabled={change.state !== "idle"}>
          Alterar senha
        </Button>
      </change.Form>
    </section>
  );
}
