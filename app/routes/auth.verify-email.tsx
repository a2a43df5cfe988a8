import { data, Link } from "react-router";
import type { Route } from "./+types/auth.verify-email";
import { pageTitle } from "../lib/seo";
import { AuthPageFrame, OutcomeNotice } from "../components/auth/auth-page-frame";
import { buttonClasses } from "../components/ui/button";
import { authCall } from "../context.server";
import {
  confirmEmail,
  INVALID_CONFIRMATION_LINK,
  sendConfirmationLink,
} from "../domain/accounts/email-verification.server";
import { storefrontSettings } from "../domain/store-settings/store-settings.server";
import { requireUser } from "./guards.server";

/** The link of a confirmation e-mail: `?token=` confirms the address it was sent to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token.length === 0 || token.length > 2000)
    return { ok: false as const, message: INVALID_CONFIRMATION_LINK };
  const outcome = await confirmEmail(
    context.db,
    authCall(context, request),
    () => storefrontSettings(context.db, context.env),
    token,
  );
  if (!outcome.ok) return outcome;
  const { headers, ...shown } = outcome;
  return data(shown, { headers });
}

/** 'Reenviar e-mail' in the account area: a new link to the customer's own address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  return sendConfirmationLink(context.db, authCall(context, request), user);
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPageFrame title="Confirmação de e-mail">
      <div className="flex flex-col gap-4">
        {loaderData.ok ? (
          <OutcomeNotice tone="done">
            {loaderData.confirmed === "change"
              ? `E-mail alterado! Sua conta agora usa ${loaderData.email}.`
              : "E-mail confirmado! Obrigado."}
          </OutcomeNotice>
        ) : (
          <OutcomeNotice tone="refused">{loaderData.message}</OutcomeNotice>
        )}
        <Link to="/account" className={buttonClasses("default", "md")}>
          Ir para Minha Conta
        </Link>
      </div>
    </AuthPageFrame>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Confirmação de e-mail"),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];
