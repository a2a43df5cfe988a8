import { Form, Link, useActionData, useNavigation } from "react-router";
import { authCall } from "../context.server";
import type { Route } from "./+types/auth.reset-password";
import { pageTitle } from "../lib/seo";
import { PasswordInput } from "../components/auth/password-input";
import { AuthPageFrame, OutcomeNotice } from "../components/auth/auth-page-frame";
import { Button, buttonClasses } from "../components/ui/button";
import { FormMessage } from "../components/ui/form-field";
import { fieldErrors, passwordResetSchema } from "../domain/accounts/account-schemas";
import { INVALID_RESET_LINK } from "../domain/accounts/password-reset-messages";
import { resetLinkIsValid, resetPassword } from "../domain/accounts/password-reset.server";

interface ResetPasswordAnswer {
  errors?: Record<string, string>;
  message?: string;
  done?: true;
}

/** The e-mail's link: `?token=` names the reset; an unknown, used or expired one says so at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token.length > 0 && token.length <= 200 && (await resetLinkIsValid(context.db, token));
  return { token, valid };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ResetPasswordAnswer> {
  const input = passwordResetSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) {
    const errors = fieldErrors(input.error);
    return errors.token ? { message: INVALID_RESET_LINK } : { errors };
  }
  const outcome = await resetPassword(authCall(context, request), input.data.token, input.data.password);
  return outcome.ok ? { done: true } : { message: outcome.message };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthPageFrame title="Criar nova senha">
      {answer?.done ? (
        <div className="flex flex-col gap-4">
          <OutcomeNotice tone="done">Senha redefinida com sucesso! Entre com a nova senha.</OutcomeNotice>
          <Link to="/auth" className={buttonClasses("default", "md")}>
            Ir para o login
          </Link>
        </div>
      ) : !loaderData.valid || answer?.message === INVALID_RESET_LINK ? (
        <div className="flex flex-col gap-4">
          <OutcomeNotice tone="refused">{INVALID_RESET_LINK}</OutcomeNotice>
          <Link to="/auth/forgot-password" className={buttonClasses("default", "md")}>
            Pedir novo link
          </Link>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-sm text-slate-600">
            Escolha uma nova senha. Ao salvar, todas as sessões abertas da sua conta serão encerradas.
          </p>
          <PasswordInput
            name="password"
            label="Nova senha"
            autoComplete="new-password"
            error={answer?.errors?.password}
          />
          <FormMessage message={answer?.message} />
          <Button type="submit" disabled={busy}>
            {busy ? "Salvando..." : "Salvar nova senha"}
          </Button>
        </Form>
      )}
    </AuthPageFrame>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Criar nova senha"),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];
