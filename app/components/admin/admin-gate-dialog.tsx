import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "../toasts";
import { GATE_MESSAGES, type GateAnswer } from "../../domain/admin/admin-gate";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormField } from "../ui/form-field";

/**
 * The undismissable 'Autenticação de Administrador' dialog. The server decides and records the
 * pass for this session; `admin_verified` in session storage is only the spec's UI hint.
 */
export function AdminGateDialog() {
  const revalidator = useRevalidator();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setError(GATE_MESSAGES.blank);
      return;
    }
    setBusy(true);
    const answer = await askServer(password);
    setBusy(false);
    if (answer.valid) {
      sessionStorage.setItem("admin_verified", "true");
      toast.success(answer.message);
      await revalidator.revalidate();
      return;
    }
    setPassword("");
    setError(answer.message);
    toast.error(answer.message);
  };

  return (
    <Dialog
      open
      undismissable
      title="Autenticação de Administrador"
      description="Digite a senha do painel administrativo para continuar."
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <FormField
          label="Senha"
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Verificando..." : "Verificar"}
        </Button>
      </form>
    </Dialog>
  );
}

async function askServer(password: string): Promise<GateAnswer> {
  try {
    const response = await fetch("/api/admin/verify-password", {
      method: "POST",
      body: new URLSearchParams({ password }),
    });
    return (await response.json()) as GateAnswer;
  } catch {
    return { valid: false, message: GATE_MESSAGES.failed };
  }
}
