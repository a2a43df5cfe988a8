import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { AuthActionData } from "./auth-action-data";
import { runPasskeyCeremony } from "./passkey-ceremony";
import { Button } from "../ui/button";
import { FormMessage } from "../ui/form-field";

/**
 * 'Entrar com passkey': no password, and no second factor either (the passkey is one). On the
 * second step of a password sign-in, 'Usar passkey' instead of the code.
 */
export function PasskeySignIn({ secondFactor = false }: { secondFactor?: boolean }) {
  const passkey = useFetcher<AuthActionData>({ key: "passkey" });
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function signIn() {
    setAsking(true);
    setFailure(undefined);
    const ceremony = await runPasskeyCeremony("authentication");
    setAsking(false);
    if (!ceremony.ok) return setFailure(ceremony.message);
    await passkey.submit(
      { intent: secondFactor ? "second-factor-passkey" : "passkey", response: ceremony.response },
      { method: "post" },
    );
  }

  const busy = asking || passkey.state !== "idle";
  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="outline" onClick={signIn} disabled={busy}>
        <KeyRound aria-hidden className="size-4" />
        {busy ? "Aguardando a passkey..." : secondFactor ? "Usar passkey" : "Entrar com passkey"}
      </Button>
      <FormMessage message={failure ?? passkey.data?.message} />
    </div>
  );
}
