import { data, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { pageTitle, storeDescription } from "../../lib/seo";
import type { ProfileActionData } from "../../components/account/profile-action-data";
import { ProfileCreateForm } from "../../components/account/profile-create-form";
import { BEFORE_SCRIPTS_FIELD } from "../../components/before-scripts-field";
import { ProfileDetails } from "../../components/account/profile-details";
import { authCall } from "../../context.server";
import { fieldErrors, profileCreateSchema, profileUpdateSchema } from "../../domain/accounts/account-schemas";
import { createProfile, getProfile, updateAvatar, updateProfile } from "../../domain/accounts/profile.server";
import { safeRedirectPath } from "../../lib/safe-redirect";
import { requireUser } from "../guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  return { email: user.email, profile: await getProfile(context.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "avatar": {
      const file = form.get("avatar");
      const outcome =
        file instanceof File
          ? await updateAvatar(context.db, context.storage, user.id, file)
          : { ok: false, message: "Erro ao atualizar foto" };
      return { intent: "avatar", ...outcome } satisfies ProfileActionData;
    }
    case "update": {
      const input = profileUpdateSchema.safeParse(Object.fromEntries(form));
      if (!input.success)
        return { intent: "update", ok: false, errors: fieldErrors(input.error) } satisfies ProfileActionData;
      const outcome = await updateProfile(context.db, authCall(context, request), user, input.data);
      if (!outcome.ok) {
        const errors = outcome.field ? { [outcome.field]: outcome.message } : undefined;
        return { intent: "update", ok: false, message: outcome.message, errors } satisfies ProfileActionData;
      }
      return { intent: "update", ...outcome } satisfies ProfileActionData;
    }
    case "create": {
      const input = profileCreateSchema.safeParse(Object.fromEntries(form));
      if (!input.success)
        return { intent: "create", ok: false, errors: fieldErrors(input.error) } satisfies ProfileActionData;
      const outcome = await createProfile(context.db, user, input.data);
      // Sent here by a page that needs the profile (the checkout): back there once it exists.
      const returnTo = new URL(request.url).searchParams.get("redirectTo");
      if (!outcome.ok || !returnTo) return { intent: "create", ...outcome } satisfies ProfileActionData;
      const path = safeRedirectPath(returnTo, "/account/profile");
      if (form.get(BEFORE_SCRIPTS_FIELD) === "1") throw redirect(path);
      return { intent: "create", ...outcome, returnTo: path } satisfies ProfileActionData;
    }
    default:
      throw data("Ação desconhecida", { status: 400 });
  }
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, email } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Meu Perfil</h1>
      {profile ? <ProfileDetails profile={profile} email={email} /> : <ProfileCreateForm />}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Meu Perfil"),
  ...storeDescription(matches),
];
