import type { Route } from "./+types/reviews";
import { pageTitle, storeDescription } from "../../lib/seo";

export default function Reviews() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Avaliações</h1>
      <section aria-labelledby="to-review" className="rounded-xl border border-slate-200 p-5">
        <h2 id="to-review" className="font-semibold">
          Produtos para Avaliar
        </h2>
        <p className="mt-2 text-slate-600">Nenhum produto para avaliar no momento.</p>
      </section>
      <section aria-labelledby="my-reviews" className="rounded-xl border border-slate-200 p-5">
        <h2 id="my-reviews" className="font-semibold">
          Minhas Avaliações
        </h2>
        <p className="mt-2 text-slate-600">Você ainda não fez nenhuma avaliação.</p>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Avaliações"),
  ...storeDescription(matches),
];
