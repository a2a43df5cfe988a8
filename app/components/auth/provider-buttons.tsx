import { Button } from "../ui/button";

export interface ProviderButton {
  id: string;
  label: string;
}

/**
 * 'Entrar com Google' and 'Entrar com {OIDC_NAME}', only for the providers configured: plain form
 * posts, so they work before JavaScript loads; the answer is a redirect to the provider.
 */
export function ProviderButtons({
  providers,
  redirectTo,
}: {
  providers: ProviderButton[];
  redirectTo: string | null;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="text-center text-sm text-slate-500">ou</p>
      {providers.map((provider) => (
        <form key={provider.id} method="post" action={`/auth/provider/${provider.id}`}>
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <Button type="submit" variant="outline" className="w-full">
            Entrar com {provider.label}
          </Button>
        </form>
      ))}
    </div>
  );
}
