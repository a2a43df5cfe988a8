import { MailWarning } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "../ui/button";

/** Shown in the account area while the account's e-mail is unconfirmed, with 'Reenviar e-mail'. */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const resend = useFetcher<{ ok: boolean; message: string }>();
  const sending = resend.state !== "idle";
  return (
    <section className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center">
      <MailWarning aria-hidden className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">Confirme seu e-mail</h2>
        <p className="break-words">
          Enviamos um link de confirmação para {email}. Abra-o para confirmar que o endereço é seu.
        </p>
        {resend.data && (
          <p role={resend.data.ok ? "status" : "alert"} className="mt-1 font-medium">
            {resend.data.message}
          </p>
        )}
      </div>
      <resend.Form method="post" action="/auth/verify-email">
        <Button type="submit" variant="outline" disabled={sending}>
          {sending ? "Enviando..." : "Reenviar e-mail"}
        </Button>
      </resend.Form>
    </section>
  );
}
