import { Form, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { pageTitle } from "../lib/seo";
import { AuthPageFrame, OutcomeNotice } from "../components/auth/auth-page-frame";
import { Button, buttonClasses } from "../components/ui/button";
import {
  checkUnsubscribeToken,
  CONSENT_MESSAGES,
  optOut,
} from "../domain/marketing/marketing-consent.server";

/**
 * A marketing e-mail's unsubscribe link (`?t=`): the page asks to confirm, as a link scanner may
 * open it; its form, or the mail client's one-click POST (`List-Unsubscribe-Post`, RFC 8058),
 * opts the customer out at once. An altered or expired link says so and changes nothing.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const check = checkUnsubscribeToken(context.env, token);
  return check.ok
    ? { ok: true as const, token }
    : { ok: false as const, message: CONSENT_MESSAGES[check.reason] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const check = checkUnsubscribeToken(context.env, token);
  if (!check.ok) return { ok: false as const, message: CONSENT_MESSAGES[check.reason] };
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  await optOut(context.db, check.subject, oneClick ? "one-click" : "link");
  return { ok: true as const, message: CONSENT_MESSAGES.optedOut };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? (loaderData.ok ? null : loaderData);
  return (
    <AuthPageFrame title="Descadastrar e-mails">
      <div className="flex flex-col gap-4">
        {answer ? (
          <OutcomeNotice tone={answer.ok ? "done" : "refused"}>{answer.message}</OutcomeNotice>
        ) : (
          <Form method="post" className="flex flex-col gap-4">
            <p className="text-slate-700">
              Deixar de receber lembretes de pedidos não pagos, de carrinhos e pedidos de avaliação? Os
              e-mails dos seus pedidos (confirmação, pagamento, envio) continuam chegando.
            </p>
            <Button type="submit">Descadastrar</Button>
          </Form>
        )}
        <p className="text-sm text-slate-600">
          Você também pode mudar essa escolha em{" "}
          <Link to="/account/settings" className="font-medium text-brand-700 underline">
            Minha conta → Configurações
          </Link>
          .
        </p>
        <Link to="/" className={buttonClasses("outline", "md")}>
          Voltar à loja
        </Link>
      </div>
    </AuthPageFrame>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Descadastrar e-mails"),
  { name: "robots", content: "noindex" },
];
