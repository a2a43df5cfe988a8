import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { PasswordConfirmation } from "./password-confirmation";
import type { SettingsActionData } from "./settings-action-data";

/** 'Excluir conta' (LGPD), confirmed with the password in a dialog. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const remove = useFetcher<SettingsActionData>({ key: "delete-account" });
  useEffect(() => {
    if (remove.data?.message) toast.error(remove.data.message);
  }, [remove.data]);
  return (
    <section aria-labelledby="delete-heading" className="rounded-xl border border-red-200 p-5">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-700">
        Excluir conta
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Apagamos seu perfil, endereços e favoritos. Pedidos pagos ficam guardados sem seus dados pessoais,
        como exige a lei fiscal.
      </p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        Excluir conta
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir conta"
        description="Esta ação não pode ser desfeita. Confirme com sua senha."
      >
        <remove.Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="delete-account" />
          <PasswordConfirmation
            error={remove.data?.errors?.password}
            busy={remove.state !== "idle"}
            onCancel={() => setOpen(false)}
            confirmLabel="Excluir definitivamente"
            busyLabel="Excluindo..."
          />
        </remove.Form>
      </Dialog>
    </section>
  );
}
