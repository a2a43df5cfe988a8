import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "../toasts";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import type { SettingsActionData } from "./settings-action-data";

/** Two-factor sign-in (TOTP): enrol with a QR code and a confirmation code, or turn it off. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const start = useFetcher<SettingsActionData>({ key: "two-factor-start" });
  const confirm = useFetcher<SettingsActionData>({ key: "two-factor-confirm" });
  const disable = useFetcher<SettingsActionData>({ key: "two-factor-disable" });
  const enrolment = !enabled && start.data?.ok ? start.data.enrolment : undefined;

  useEffect(() => {
    if (confirm.data?.ok) toast.success("Verificação em duas etapas ativada");
    else if (confirm.data?.message) toast.error(confirm.data.message);
  }, [confirm.data]);
  useEffect(() => {
    if (disable.data?.ok) toast.success("Verificação em duas etapas desativada");
    else if (disable.data?.message) toast.error(disable.data.message);
  }, [disable.data]);
  useEffect(() => {
    if (start.data?.message) toast.error(start.data.message);
  }, [start.data]);

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Verificação em duas etapas
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {enabled
          ? "Ativada: ao entrar, pedimos também um código do seu aplicativo autenticador."
          : "Proteja sua conta pedindo, além da senha, um código do seu aplicativo autenticador."}
      </p>

      {enabled ? (
        <disable.Form method="post" className="mt-4 flex flex-col gap-3 sm:max-w-sm" noValidate>
          <input type="hidden" name="intent" value="two-factor-disable" />
          <FormField
            label="Senha"
            name="password"
            type="password"
            autoComplete="current-password"
            error={disable.data?.errors?.password}
          />
          <Button type="submit" variant="destructive" disabled={disable.state !== "idle"}>
            Desativar verificação em duas etapas
          </Button>
        </disable.Form>
      ) : enrolment ? (
        <div className="mt-4 flex flex-col gap-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Escaneie o QR code com seu aplicativo autenticador (ou digite a chave).</li>
            <li>Guarde os códigos de recuperação em local seguro: cada um vale uma vez.</li>
            <li>Digite o código de 6 dígitos que o aplicativo mostra.</li>
          </ol>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
            alt="QR code para o aplicativo autenticador"
            width={220}
            height={220}
            className="rounded-lg border border-slate-200"
          />
          <p className="text-sm">
            Chave:{" "}
            <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono">
              {enrolment.secret}
            </code>
          </p>
          <div>
            <p className="text-sm font-medium">Códigos de recuperação</p>
            <ul
              aria-label="Códigos de recuperação"
              className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
            >
              {enrolment.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
          <confirm.Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <FormField
              label="Código do aplicativo"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={confirm.data?.errors?.code}
            />
            <Button type="submit" disabled={confirm.state !== "idle"}>
              Confirmar e ativar
            </Button>
          </confirm.Form>
        </div>
      ) : (
        <start.Form method="post" className="mt-4 flex flex-col gap-3 sm:max-w-sm" noValidate>
          <input type="hidden" name="intent" value="two-factor-start" />
          <FormField
            label="Senha"
            name="password"
            type="password"
            autoComplete="current-password"
            error={start.data?.errors?.password}
          />
          <Button type="submit" disabled={start.state !== "idle"}>
            Ativar verificação em duas etapas
          </Button>
        </start.Form>
      )}
    </section>
  );
}
