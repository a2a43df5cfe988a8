import { Link, redirect } from "react-router";
import type { Route } from "./+types/cart-restore";
import { pageTitle } from "../lib/seo";
import { AuthPageFrame, OutcomeNotice } from "../components/auth/auth-page-frame";
import { buttonClasses } from "../components/ui/button";
import { readSession } from "../domain/accounts/session.server";
import { CART_RESTORE_MESSAGES, restoreCart } from "../domain/marketing/cart-reminders.server";

/**
 * An abandoned cart's e-mail link (`?t=`): to the customer's cart, through the sign-in where they
 * are not signed in; an altered or expired link, or an emptied cart, says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const restored = await restoreCart(context.db, context.env, token);
  if (!restored.ok) return { message: restored.message };
  const { user } = await readSession(context, request);
  const headers = new Headers();
  for (const cookie of restored.cookies) headers.append("Set-Cookie", cookie);
  if (user?.id === restored.userId) throw redirect("/cart", { headers });
  const signIn = new URLSearchParams({ redirectTo: "/cart", motivo: CART_RESTORE_MESSAGES.signIn });
  throw redirect(`/auth?${signIn}`, { headers });
}

export default function CartRestorePage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPageFrame title="Voltar ao carrinho">
      <div className="flex flex-col gap-4">
        <OutcomeNotice tone="refused">{loaderData.message}</OutcomeNotice>
        <Link to="/cart" className={buttonClasses("default", "md")}>
          Ir para o carrinho
        </Link>
      </div>
    </AuthPageFrame>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Voltar ao carrinho"),
  { name: "robots", content: "noindex" },
];
