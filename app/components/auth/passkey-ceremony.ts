import type { Outcome } from "../../lib/outcome";
import type { PasskeyOptionsAnswer } from "../../domain/accounts/passkey";

export type CeremonyResult = Outcome<{ response: string }>;

/**
 * Asks the browser (and its authenticator) to create a passkey or to sign in with one, on options
 * from our server. The WebAuthn helper is loaded only now, so pages without passkeys never carry it.
 */
export async function runPasskeyCeremony(
  ceremony: "registration" | "authentication",
): Promise<CeremonyResult> {
  const webAuthn = await import("@simplewebauthn/browser");
  if (!webAuthn.browserSupportsWebAuthn()) {
    return { ok: false, message: "Este navegador não permite usar passkeys." };
  }
  const answer = await fetch("/api/passkey-options", {
    method: "POST",
    body: new URLSearchParams({ ceremony }),
  })
    .then((response) => response.json() as Promise<PasskeyOptionsAnswer>)
    .catch((): PasskeyOptionsAnswer => ({ ok: false, message: "Sem conexão. Tente novamente." }));
  if (!answer.ok) return answer;
  try {
    const response =
      ceremony === "registration"
        ? await webAuthn.startRegistration({ optionsJSON: answer.options as never })
        : await webAuthn.startAuthentication({ optionsJSON: answer.options as never });
    return { ok: true, response: JSON.stringify(response) };
  } catch (error) {
    return { ok: false, message: ceremonyFailure(error) };
  }
}

function ceremonyFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  const code = error instanceof Error && "code" in error ? error.code : "";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return "Esta passkey já está cadastrada na sua conta.";
  }
  // The person closed the browser's window, or it timed out: WebAuthn does not tell them apart.
  if (name === "NotAllowedError" || name === "AbortError") return "Operação cancelada";
  if (name === "NotSupportedError") return "Este navegador não permite usar passkeys.";
  return "Não foi possível usar a passkey. Tente novamente.";
}
