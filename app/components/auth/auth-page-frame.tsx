import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The pages a link from an e-mail opens: a way back to the login, the page's title and its content. */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <Link to="/auth" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
        <ArrowLeft aria-hidden className="size-4" />
        Voltar para o login
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6">{children}</div>
    </main>
  );
}

/** What a step ended with: a success, or why the link cannot be used. */
export function OutcomeNotice({ tone, children }: { tone: "done" | "refused"; children: ReactNode }) {
  return tone === "done" ? (
    <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-800">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-800">
      {children}
    </p>
  );
}
