import { KeyRound } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { PasskeySummary } from "../../domain/accounts/passkey";
import { runPasskeyCeremony } from "../auth/passkey-ceremony";
import { toast } from "../toasts";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormField, FormMessage } from "../ui/form-field";
import { PasswordConfirmation } from "./password-confirmation";
import type { SettingsActionData } from "./settings-action-data";

/** Passkeys: sign in without a password. Listed, added in the browser, removed with the password. */
export function PasskeysSection({ passkeys }: { passkeys: PasskeySummary[] }) {
  return (
    <section aria-labelledby="passkeys-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="passkeys-heading" className="text-lg font-semibold">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Entre sem senha, com a digital, o rosto ou o PIN do seu aparelho. Uma passkey também vale como
        verificação em duas etapas.
      </p>
      {passkeys.length > 0 ? (
        <PasskeyList passkeys={passkeys} />
      ) : (
        <p className="mt-4 text-sm text-slate-600">Nenhuma passkey cadastrada.</p>
      )}
      <AddPasskeyForm />
    </section>
  );
}

function PasskeyList({ passkeys }: { passkeys: PasskeySummary[] }) {
  const remove = useFetcher<SettingsActionData>({ key: "passkey-remove" });
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  // An answer about an earlier removal is not shown in a dialog opened after it.
  const [seen, setSeen] = useState<SettingsActionData>();
  const answer = remove.data !== seen ? remove.data : undefined;

  useEffect(() => {
    if (remove.data?.ok) toast.success("Passkey removida");
  }, [remove.data]);

  return (
    <>
      <ul
        aria-label="Suas passkeys"
        className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200"
      >
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="flex items-start gap-3">
              <KeyRound aria-hidden className="mt-0.5 size-5 text-slate-500" />
              <div>
                <p className="font-medium">{passkey.name}</p>
                <p className="text-sm text-slate-600">
                  Criada em {passkey.createdOn} ·{" "}
                  {passkey.lastUsed ? `Último uso em ${passkey.lastUsed}` : "Nunca usada"}
                </p>
              </div>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Remover a passkey ${passkey.name}`}
              onClick={() => {
                setSeen(remove.data);
                setRemoving(passkey);
              }}
            >
              Remover
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={removing !== null && !answer?.ok}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover passkey"
        description={`Confirme com sua senha para remover "${removing?.name ?? ""}".`}
      >
        <remove.Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="passkey-remove" />
          <input type="hidden" name="passkeyId" value={removing?.id ?? ""} />
          <PasswordConfirmation
            error={answer?.errors?.password ?? (answer?.ok ? undefined : answer?.message)}
            busy={remove.state !== "idle"}
            onCancel={() => setRemoving(null)}
            confirmLabel="Remover passkey"
            busyLabel="Removendo..."
          />
        </remove.Form>
      </Dialog>
    </>
  );
}

function AddPasskeyForm() {
  const add = useFetcher<SettingsActionData>({ key: "passkey-add" });
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (add.data?.ok) toast.success("Passkey adicionada");
  }, [add.data]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(undefined);
    const form = event.currentTarget;
    const typed = new FormData(form).get("name");
    const name = (typeof typed === "string" && typed.trim()) || `Passkey (${deviceName()})`;
    setAsking(true);
    const ceremony = await runPasskeyCeremony("registration");
    setAsking(false);
    if (!ceremony.ok) return setFailure(ceremony.message);
    await add.submit({ intent: "passkey-add", name, response: ceremony.response }, { method: "post" });
    form.reset();
  }

  const busy = asking || add.state !== "idle";
  const message = failure ?? (add.data?.ok ? undefined : (add.data?.errors?.name ?? add.data?.message));
  return (
    <form onSubmit={create} className="mt-4 flex flex-col gap-3 sm:max-w-sm" noValidate>
      <FormField
        label="Nome da passkey"
        name="name"
        maxLength={60}
        placeholder="Ex.: Celular, Notebook do trabalho"
      />
      <FormMessage message={message} />
      <Button type="submit" disabled={busy}>
        {busy ? "Aguardando a passkey..." : "Adicionar passkey"}
      </Button>
    </form>
  );
}

/** What the browser says it runs on, to name a new passkey after it. */
function deviceName(): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return "iPhone/iPad";
  if (/Android/.test(agent)) return "Android";
  if (/Mac OS X/.test(agent)) return "Mac";
  if (/Windows/.test(agent)) return "Windows";
  if (/Linux/.test(agent)) return "Linux";
  return "este aparelho";
}
