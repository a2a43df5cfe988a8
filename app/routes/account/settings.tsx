import { data, Link, redirect } from "react-router";
import { z } from "../../lib/zod";
import type { Route } from "./+types/settings";
import { pageTitle, storeDescription } from "../../lib/seo";
import { DeleteAccountSection } from "../../components/account/delete-account-section";
import { PasskeysSection } from "../../components/account/passkeys-section";
import { MarketingEmailsSection } from "../../components/account/marketing-emails-section";
import { PasswordSection } from "../../components/account/password-section";
import type { SettingsActionData } from "../../components/account/settings-action-data";
import { TwoFactorSection } from "../../components/account/two-factor-section";
import { useSignOut } from "../../components/account/use-sign-out";
import { Button, buttonClasses } from "../../components/ui/button";
import { authCall } from "../../context.server";
import {
  fieldErrors,
  passkeyAddSchema,
  passkeyRemoveSchema,
  passwordField,
  twoFactorCodeSchema,
} from "../../domain/accounts/account-schemas";
import { addPasskey, listPasskeys, removePasskey } from "../../domain/accounts/passkeys.server";
import { deleteAccount } from "../../domain/accounts/personal-data.server";
import {
  changePassword,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  startTwoFactorEnrolment,
} from "../../domain/accounts/two-factor.server";
import {
  CONSENT_MESSAGES,
  optIn,
  optOut,
  receivesMarketing,
} from "../../domain/marketing/marketing-consent.server";
import { currentStoreSettings } from "../../domain/store-settings/store-settings.server";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  return {
    isAdmin: user.role === "admin",
    twoFactorEnabled: user.twoFactorEnabled,
    passkeys: await listPasskeys(context.db, user.id),
    receivesMarketing: await receivesMarketing(context.db, user.id),
  };
}

const passwordConfirmation = z.object({ password: z.string().min(1, "Informe sua senha") });
const passwordChange = z.object({
  currentPassword: z.string().min(1, "Informe a senha atual"),
  newPassword: passwordField,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const call = authCall(context, request);
  const answer = (
    intent: SettingsActionData["intent"],
    outcome: { ok: boolean; message?: string; headers?: Headers },
  ) =>
    data<SettingsActionData>(
      { intent, ok: outcome.ok, message: outcome.message },
      { headers: outcome.headers },
    );
  const invalid = (intent: SettingsActionData["intent"], error: z.ZodError): SettingsActionData => ({
    intent,
    ok: false,
    errors: fieldErrors(error),
  });

  switch (form.intent) {
    case "two-factor-start": {
      const input = passwordConfirmation.safeParse(form);
      if (!input.success) return invalid("two-factor-start", input.error);
      const { settings } = await currentStoreSettings(context.db, context.env);
      const outcome = await startTwoFactorEnrolment(call, input.data.password, settings.identity.name);
      if (!outcome.ok) return answer("two-factor-start", outcome);
      const { qrCodeSvg, secret, backupCodes, headers } = outcome;
      return data<SettingsActionData>(
        { intent: "two-factor-start", ok: true, enrolment: { qrCodeSvg, secret, backupCodes } },
        { headers },
      );
    }
    case "two-factor-confirm": {
      const input = twoFactorCodeSchema.safeParse(form);
      if (!input.success) return invalid("two-factor-confirm", input.error);
      return answer(
        "two-factor-confirm",
        await confirmTwoFactorEnrolment(context.db, call, user.id, input.data.code),
      );
    }
    case "two-factor-disable": {
      const input = passwordConfirmation.safeParse(form);
      if (!input.success) return invalid("two-factor-disable", input.error);
      return answer("two-factor-disable", await disableTwoFactor(call, input.data.password));
    }
    case "password": {
      const input = passwordChange.safeParse(form);
      if (!input.success) return invalid("password", input.error);
      return answer(
        "password",
        await changePassword(call, input.data.currentPassword, input.data.newPassword),
      );
    }
    case "passkey-add": {
      const input = passkeyAddSchema.safeParse(form);
      if (!input.success) return invalid("passkey-add", input.error);
      return answer("passkey-add", await addPasskey(call, input.data.name, input.data.response));
    }
    case "passkey-remove": {
      const input = passkeyRemoveSchema.safeParse(form);
      if (!input.success) return invalid("passkey-remove", input.error);
      const { passkeyId, password } = input.data;
      return answer("passkey-remove", await removePasskey(context.db, call, user.id, passkeyId, password));
    }
    case "marketing-off":
      await optOut(context.db, user.id, "account");
      return answer("marketing-off", { ok: true, message: CONSENT_MESSAGES.optedOut });
    case "marketing-on":
      await optIn(context.db, user.id);
      return answer("marketing-on", { ok: true, message: CONSENT_MESSAGES.optedIn });
    case "delete-account": {
      const input = passwordConfirmation.safeParse(form);
      if (!input.success) return invalid("delete-account", input.error);
      const outcome = await deleteAccount(context.db, context.storage, call, user.id, input.data.password);
      if (!outcome.ok) return answer("delete-account", outcome);
      throw redirect(`/auth?motivo=${encodeURIComponent("Sua conta foi excluída.")}`, {
        headers: outcome.headers,
      });
    }
    default:
      throw data("Ação desconhecida", { status: 400 });
  }
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const signOut = useSignOut();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Configurações</h1>
      <section className="rounded-xl border border-slate-200 p-5">
        <div className="flex flex-wrap gap-2">
          {loaderData.isAdmin && (
            <Link to="/admin" className={buttonClasses("default", "md")}>
              Painel Administrativo
            </Link>
          )}
          <Button variant="outline" onClick={signOut}>
            Sair da Conta
          </Button>
        </div>
      </section>
      <TwoFactorSection enabled={loaderData.twoFactorEnabled} />
      <PasskeysSection passkeys={loaderData.passkeys} />
      <PasswordSection />
      <MarketingEmailsSection receives={loaderData.receivesMarketing} />
      <section className="rounded-xl border border-slate-200 p-5">
        <h2 className="text-lg font-semibold">Seus dados (LGPD)</h2>
        <p className="mt-1 text-sm text-slate-600">
          Baixe uma cópia de tudo o que guardamos sobre você: perfil, endereços, favoritos e pedidos.
        </p>
        <a href="/account/data" download className={buttonClasses("outline", "md", "mt-4")}>
          Baixar meus dados
        </a>
      </section>
      <DeleteAccountSection />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Configurações"),
  ...storeDescription(matches),
];
