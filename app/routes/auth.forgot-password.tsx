import { Form, useActionData, useNavigation } from "react-router";
import { authCall } from "../context.server";
import type { Route } from "./+types/auth.forgot-password";
import { pageTitle } from "../lib/seo";
import { AuthPageFrame, OutcomeNotice } from "../components/auth/auth-page-frame";
import { Button } from "../components/ui/button";
import { FormField, FormMessage } from "../components/ui/form-field";
import { fieldErrors, passwordResetRequestSchema } from "../domain/accounts/account-schemas";
import { RESET_REQUESTED } from "../domain/accounts/password-reset-messages";
import { requestPasswordReset } from "../domain/accounts/password-reset.server";

interface ForgotPasswordAnswer {
  errors?: Record<string, string>;
  message?: string;
  sent?: string;
}

/** 'Esqueci minha senha': the same answer for any address, so nobody learns which have accounts. */
export async function action({ request, context }: Route.ActionArgs): Promise<ForgotPasswordAnswer> {
  const input = passwordResetRequestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return { errors: fieldErrors(input.error) };
  const outcome = await requestPasswordReset(context.db, authCall(context, request), input.data.email);
  return outcome.ok ? { sent: RESET_REQUESTED } : { message: outcome.message };
}

export default function ForgotPasswordPage() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthPageFrame title="Esqueci minha senha">
      {answer?.sent ? (
        <OutcomeNotice tone="done">{answer.sent}</OutcomeNotice>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-slate-600">
            Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
          </p>
          <FormField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={answer?.errors?.email}
          />
          <FormMessage message={answer?.message} />
          <Button type="submit" disabled={busy}>
            {busy ? "Enviando..." : "Enviar link"}
          </Button>
        </Form>
      )}
    </AuthPageFrame>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Esqueci minha senha"),
  { name: "robots", content: "noindex" },
];
