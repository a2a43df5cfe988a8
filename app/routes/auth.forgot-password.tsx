import { ArrowLeft } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { authCall } from "../context.server";
import type { Route } from "./+types/auth.forgot-password";
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
    <main className="mx-auto max-w-md px-4 py-8">
      <Link to="/auth" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
        <ArrowLeft aria-hidden className="size-4" />
        Voltar para o login
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Esqueci minha senha</h1>
      {answer?.sent ? (
        <p role="status" className="mt-6 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-800">
          {answer.sent}
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
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
    </main>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Esqueci minha senha | Vitrine" },
  { name: "robots", content: "noindex" },
];
