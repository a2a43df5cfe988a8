import * as Tabs from "@radix-ui/react-tabs";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import {
  data,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { toast } from "../components/toasts";
import type { Route } from "./+types/auth";
import { pageTitle } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import type { AuthActionData } from "../components/auth/auth-action-data";
import { LoginForm } from "../components/auth/login-form";
import { ProviderButtons } from "../components/auth/provider-buttons";
import { SignUpForm } from "../components/auth/sign-up-form";
import { BEFORE_SCRIPTS_FIELD } from "../components/before-scripts-field";
import { WelcomeDialog, WelcomeMessage, type Welcome } from "../components/auth/welcome-dialog";
import { authCall } from "../context.server";
import {
  fieldErrors,
  loginSchema,
  passkeySignInSchema,
  signUpSchema,
  twoFactorCodeSchema,
} from "../domain/accounts/account-schemas";
import { secondFactorWithPasskey, signInWithPasskey } from "../domain/accounts/passkeys.server";
import { cookieHeader } from "../domain/accounts/auth-endpoints.server";
import { readSession } from "../domain/accounts/session.server";
import { mergeVisitorCart } from "../domain/cart/visitor-cart.server";
import { readVisitorCartLines, visitorCartCookie } from "../domain/cart/visitor-cart-lines";
import { signIn, signUp, verifySecondFactor, type AuthOutcome } from "../domain/accounts/sign-in.server";
import { providerSignInMessage } from "../domain/accounts/provider-sign-in.server";
import { signInProvidersOf } from "../domain/accounts/sign-in-providers.server";
import { safeRedirectPath } from "../lib/safe-redirect";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const redirectTo = search.get("redirectTo");
  const { user } = await readSession(context, request);
  // Signed in by a form posted before the scripts ran: the welcome is this page's (WELCOME_PARAM).
  const welcome = user ? welcomeOf(search.get(WELCOME_PARAM), user.name, redirectTo) : null;
  if (user && !welcome) throw redirect(safeRedirectPath(redirectTo, "/account"));
  const providers = signInProvidersOf(context.env);
  return {
    welcome,
    // A link per tab, so they switch before the scripts run (then the page switches them itself).
    tab: search.get("tab") === SIGN_UP_TAB ? ("signup" as const) : ("login" as const),
    reason: search.get("motivo"),
    // Google / OIDC sign-in (decision record 0016): its buttons, its refusal, its second factor.
    providers: providers.map(({ id, label }) => ({ id, label })),
    redirectTo,
    providerError: providerSignInMessage(
      search.get("erro"),
      providers.find((provider) => provider.id === search.get("provedor")),
    ),
    secondFactorPending: search.get("etapa") === "codigo",
  };
}

/** The tab of /auth a link opens: /auth?tab=cadastro. */
const SIGN_UP_TAB = "cadastro";
/** Where a sign-in or sign-up posted before the scripts ran lands: /auth?bem-vindo=login|cadastro. */
const WELCOME_PARAM = "bem-vindo";

function welcomeOf(param: string | null, name: string, redirectTo: string | null): Welcome | null {
  if (param === "login") return { kind: "login", name };
  if (param === SIGN_UP_TAB)
    return {
      kind: "signup",
      name,
      ...(redirectTo ? { returnTo: safeRedirectPath(redirectTo, "/account") } : {}),
    };
  return null;
}

/** A successful sign-in keeps this page (and its welcome dialog); a fresh visit is redirected. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith("/auth") && !formAction.startsWith("/auth/logout") ? false : defaultShouldRevalidate;

/** Answers to the forms: a refused entry is a normal answer (200) carrying its messages. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const call = authCall(context, request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");

  // The forms say when they were posted by the browser itself, before the scripts ran: then the
  // answer is a page to land on, with the session's cookie, instead of data for the script.
  const beforeScripts = form[BEFORE_SCRIPTS_FIELD] === "1";
  /** The cart the visitor filled before the scripts ran joins the customer's, now signed in. */
  const mergeVisitorCartOf = async (signedIn: Headers) => {
    const lines = readVisitorCartLines(request.headers.get("Cookie")) ?? [];
    if (lines.length === 0) return;
    const session = new Request(request.url, { headers: { Cookie: cookieHeader(signedIn) } });
    const { user } = await readSession(context, session);
    if (!user) return;
    await mergeVisitorCart(context.db, user.id, lines);
    signedIn.append("Set-Cookie", visitorCartCookie([]));
  };
  const finish = async (outcome: AuthOutcome, welcome: Welcome["kind"]) => {
    if (!outcome.ok) {
      const answer: AuthActionData = outcome.field
        ? { errors: { [outcome.field]: outcome.message } }
        : { message: outcome.message };
      return answer;
    }
    if (outcome.twoFactorRequired) {
      if (beforeScripts)
        throw redirect(authPageWith({ etapa: "codigo", ...(redirectTo ? { redirectTo } : {}) }), {
          headers: outcome.headers,
        });
      return data<AuthActionData>({ secondFactor: true }, { headers: outcome.headers });
    }
    if (beforeScripts) await mergeVisitorCartOf(outcome.headers);
    // Coming from a page that asked for a sign-in (e.g. the checkout): straight back there; a new
    // account is welcomed first, and the welcome leads back.
    const returnTo = redirectTo ? safeRedirectPath(redirectTo, "/account") : undefined;
    if (returnTo && welcome === "login") throw redirect(returnTo, { headers: outcome.headers });
    if (beforeScripts) {
      const param = welcome === "signup" ? SIGN_UP_TAB : "login";
      throw redirect(
        authPageWith({ [WELCOME_PARAM]: param, ...(returnTo ? { redirectTo: returnTo } : {}) }),
        {
          headers: outcome.headers,
        },
      );
    }
    return data<AuthActionData>(
      { welcome, ...(outcome.name ? { name: outcome.name } : {}), ...(returnTo ? { returnTo } : {}) },
      { headers: outcome.headers },
    );
  };

  switch (form.intent) {
    case "login": {
      const input = loginSchema.safeParse(form);
      if (!input.success) return { errors: fieldErrors(input.error) } satisfies AuthActionData;
      return finish(await signIn(call, input.data.email, input.data.password), "login");
    }
    case "second-factor": {
      const input = twoFactorCodeSchema.safeParse(form);
      if (!input.success) return { errors: fieldErrors(input.error) } satisfies AuthActionData;
      return finish(await verifySecondFactor(context.db, call, input.data.code), "login");
    }
    case "passkey": {
      const input = passkeySignInSchema.safeParse(form);
      if (!input.success)
        return { message: "Não foi possível entrar com a passkey" } satisfies AuthActionData;
      return finish(await signInWithPasskey(context.db, call, input.data.response), "login");
    }
    case "second-factor-passkey": {
      const input = passkeySignInSchema.safeParse(form);
      if (!input.success)
        return { message: "Não foi possível entrar com a passkey" } satisfies AuthActionData;
      return finish(await secondFactorWithPasskey(context.db, call, input.data.response), "login");
    }
    case "signup": {
      const input = signUpSchema.safeParse(form);
      if (!input.success) return { errors: fieldErrors(input.error) } satisfies AuthActionData;
      return finish(await signUp(context.db, context.logger, call, input.data), "signup");
    }
    default:
      throw data("Ação desconhecida", { status: 400 });
  }
}

function authPageWith(search: Record<string, string>): string {
  return `/auth?${new URLSearchParams(search)}`;
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [tab, setTab] = useState<string>(loaderData.tab);
  const welcome = useWelcome();
  // A form posted before the scripts ran is answered with this page: the answer goes to the open tab's form.
  const posted = useActionData<typeof action>();
  if (loaderData.welcome) return <WelcomePage welcome={loaderData.welcome} />;
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <Link to="/" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
        <ArrowLeft aria-hidden className="size-4" />
        Voltar
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Acesse sua conta</h1>
      {loaderData.reason && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          {loaderData.reason}
        </p>
      )}
      {loaderData.providerError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {loaderData.providerError}
        </p>
      )}
      <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
        <Tabs.List aria-label="Entrar ou cadastrar" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          {[
            { value: "login", label: "Login", search: {} as Record<string, string> },
            { value: "signup", label: "Cadastro", search: { tab: SIGN_UP_TAB } },
          ].map(({ value, label, search }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              asChild
              className="rounded-md px-3 py-2 text-center text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {/* A link before the scripts run; after, the tabs switch in place (Radix acts on press). */}
              <a
                href={authPageWith({
                  ...search,
                  ...(loaderData.redirectTo ? { redirectTo: loaderData.redirectTo } : {}),
                })}
                onClick={(event) => event.preventDefault()}
              >
                {label}
              </a>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="login" className="mt-6">
          <LoginForm
            secondFactorPending={loaderData.secondFactorPending}
            posted={loaderData.tab === "login" ? posted : undefined}
          />
          <ProviderButtons providers={loaderData.providers} redirectTo={loaderData.redirectTo} />
        </Tabs.Content>
        <Tabs.Content value="signup" className="mt-6">
          <SignUpForm
            whatsappNumber={root?.store.contacts.whatsappNumber ?? ""}
            posted={loaderData.tab === "signup" ? posted : undefined}
          />
        </Tabs.Content>
      </Tabs.Root>
      <WelcomeDialog welcome={welcome.success} open={welcome.open} onOpenChange={welcome.setOpen} />
    </main>
  );
}

/** The welcome after a sign-in or sign-up posted before the scripts ran: the dialog's, as a page. */
function WelcomePage({ welcome }: { welcome: Welcome }) {
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <WelcomeMessage welcome={welcome} />
    </main>
  );
}

/** The spec's toast and the 'Bem-vindo!' dialog, once a sign-in or sign-up succeeded. */
function useWelcome() {
  const login = useFetcher<AuthActionData>({ key: "login" });
  const secondFactor = useFetcher<AuthActionData>({ key: "second-factor" });
  const passkey = useFetcher<AuthActionData>({ key: "passkey" });
  const signUp = useFetcher<AuthActionData>({ key: "signup" });
  const success = [login.data, secondFactor.data, passkey.data, signUp.data].find(
    (answer) => answer?.welcome,
  );
  const [dismissed, setDismissed] = useState<AuthActionData>();
  useEffect(() => {
    if (success) {
      toast.success(
        success.welcome === "signup" ? "Cadastro realizado com sucesso!" : "Login realizado com sucesso!",
      );
    }
  }, [success]);
  return {
    success: success && { kind: success.welcome!, name: success.name, returnTo: success.returnTo },
    open: success !== undefined && success !== dismissed,
    setOpen: (open: boolean) => !open && setDismissed(success),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Entrar ou cadastrar"),
  { name: "robots", content: "noindex" },
];
