import { Link, useFetcher } from "react-router";
import type { AuthActionData } from "./auth-action-data";
import { BeforeScriptsField } from "../before-scripts-field";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordInput } from "./password-input";
import { Button } from "../ui/button";
import { FormField, FormMessage } from "../ui/form-field";

/**
 * E-mail and password, or a passkey; then, for an account with two-factor, the code or a passkey
 * (also after a Google or OIDC sign-in of such an account: `secondFactorPending`).
 */
export function LoginForm({
  secondFactorPending = false,
  posted,
}: {
  secondFactorPending?: boolean;
  /** The answer to this form posted before the scripts ran. */
  posted?: AuthActionData;
}) {
  const login = useFetcher<AuthActionData>({ key: "login" });
  const secondFactor = useFetcher<AuthActionData>({ key: "second-factor" });
  const loginAnswer = login.data ?? posted;
  const secondFactorAnswer = secondFactor.data ?? posted;
  const passkey = useFetcher<AuthActionData>({ key: "passkey" });
  const busy = login.state !== "idle" || secondFactor.state !== "idle";

  if (
    (login.data?.secondFactor || secondFactorPending) &&
    !secondFactor.data?.welcome &&
    !passkey.data?.welcome
  ) {
    const errors = secondFactorAnswer?.errors ?? {};
    return (
      <div className="flex flex-col gap-4">
        <secondFactor.Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="second-factor" />
          <BeforeScriptsField />
          <p className="text-sm text-slate-600">
            Sua conta usa verificação em duas etapas. Digite o código de 6 dígitos do seu aplicativo
            autenticador ou um código de recuperação.
          </p>
          <FormField
            label="Código de verificação"
            name="code"
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            required
            error={errors.code ?? secondFactorAnswer?.message}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Verificando..." : "Verificar"}
          </Button>
        </secondFactor.Form>
        <p className="text-center text-xs text-slate-500">ou</p>
        <PasskeySignIn secondFactor />
      </div>
    );
  }

  const errors = loginAnswer?.errors ?? {};
  return (
    <div className="flex flex-col gap-4">
      <login.Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="login" />
        <BeforeScriptsField />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <PasswordInput name="password" autoComplete="current-password" error={errors.password} />
        <Link
          to="/auth/forgot-password"
          className="-mt-2 self-end text-sm text-brand-700 underline-offset-4 hover:underline"
        >
          Esqueci minha senha
        </Link>
        <FormMessage message={loginAnswer?.message} />
        <Button type="submit" disabled={busy}>
          {busy ? "Entrando..." : "Entrar"}
        </Button>
      </login.Form>
      <p className="text-center text-xs text-slate-500">ou</p>
      <PasskeySignIn />
    </div>
  );
}
