import { Form, Link, redirect } from "react-router";
import { z } from "../../lib/zod";
import type { Route } from "./+types/reviews";
import { pageTitle, storeDescription } from "../../lib/seo";
import { StarRating } from "../../components/reviews/star-rating";
import { ReviewForm, type ReviewFormAnswer } from "../../components/reviews/review-form";
import { Button, buttonClasses } from "../../components/ui/button";
import {
  deleteReview,
  ownReviews,
  productsToReview,
  reviewFormOf,
} from "../../domain/reviews/customer-reviews.server";
import { REVIEW_STATUS_LABELS } from "../../domain/reviews/review-moderation.server";
import { REVIEW_MESSAGES } from "../../domain/reviews/review-schema";
import { currentStoreSettings } from "../../domain/store-settings/store-settings.server";
import { formatDate } from "../../lib/dates";
import { rowIdField } from "../../lib/row-id";
import { requireUser } from "../guards.server";
import { saveReviewForm } from "../review-form.server";

/** `?produto=ID` opens the review form of that product (from 'Produtos para Avaliar' or an e-mail). */
const PRODUCT_PARAM = "produto";
const REVIEWS_PATH = "/account/reviews";
/** Where a sent review leads: `?enviada=` says whether it shows already or waits for approval. */
const SENT_PARAM = "enviada";
const SENT_MESSAGES: Record<string, string> = {
  publicada: REVIEW_MESSAGES.published,
  pendente: REVIEW_MESSAGES.saved,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  const { settings } = await currentStoreSettings(context.db, context.env);
  const params = new URL(request.url).searchParams;
  const asked = rowIdField.safeParse(params.get(PRODUCT_PARAM) ?? undefined);
  const form = asked.success ? await reviewFormOf(context.db, user.id, asked.data) : null;
  const toReview = await productsToReview(context.db, user.id, {
    deliveryDays: settings.delivery.deliveryDays,
    now: new Date(),
  });
  const mine = await ownReviews(context.db, user.id);
  return {
    sent: SENT_MESSAGES[params.get(SENT_PARAM) ?? ""] ?? null,
    form,
    toReview,
    mine: mine.map(({ createdAt, status, ...review }) => ({
      ...review,
      date: formatDate(createdAt),
      statusLabel: REVIEW_STATUS_LABELS[status],
    })),
  };
}

const deleteSchema = z.object({ intent: z.literal("delete"), reviewId: rowIdField });

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(context, request);
  const form = await request.formData();
  const removal = deleteSchema.safeParse(Object.fromEntries(form));
  if (removal.success) {
    await deleteReview(context.db, user.id, removal.data.reviewId);
    return { ok: true, message: REVIEW_MESSAGES.deleted } satisfies ReviewFormAnswer;
  }
  const saved = await saveReviewForm(context, user.id, form);
  if (!saved.ok) return saved;
  throw redirect(`${REVIEWS_PATH}?${SENT_PARAM}=${saved.status === "published" ? "publicada" : "pendente"}`);
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, form, toReview, mine } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Avaliações</h1>
      <SentNotice sent={sent} answer={actionData} />
      {form && (
        <section aria-labelledby="review-form" className="rounded-xl border border-slate-200 p-5">
          <h2 id="review-form" className="font-semibold">
            {form.review ? "Editar avaliação" : "Avaliar"}: {form.product.name}
          </h2>
          {form.review || form.bought ? (
            <ReviewForm
              key={form.product.id}
              productId={form.product.id}
              review={form.review}
              answer={actionData && !actionData.ok ? actionData : undefined}
            />
          ) : (
            <p className="mt-2 text-slate-600">{REVIEW_MESSAGES.notBuyer}</p>
          )}
        </section>
      )}
      <section aria-labelledby="to-review" className="rounded-xl border border-slate-200 p-5">
        <h2 id="to-review" className="font-semibold">
          Produtos para Avaliar
        </h2>
        {toReview.length === 0 ? (
          <p className="mt-2 text-slate-600">Nenhum produto para avaliar no momento.</p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-slate-100">
            {toReview.map((product) => (
              <li key={product.productId} className="flex items-center gap-3 py-3">
                <img src={product.image} alt="" className="size-12 rounded-lg object-cover" />
                <span className="min-w-0 flex-1 text-sm font-medium">{product.name}</span>
                <Link
                  to={`${REVIEWS_PATH}?${PRODUCT_PARAM}=${product.productId}`}
                  aria-label={`Avaliar ${product.name}`}
                  className={buttonClasses("outline", "sm")}
                >
                  Avaliar
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="my-reviews" className="rounded-xl border border-slate-200 p-5">
        <h2 id="my-reviews" className="font-semibold">
          Minhas Avaliações
        </h2>
        {mine.length === 0 ? (
          <p className="mt-2 text-slate-600">Você ainda não fez nenhuma avaliação.</p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-slate-100">
            {mine.map((review) => (
              <li
                key={review.id}
                aria-label={`Avaliação de ${review.productName}`}
                className="flex flex-col gap-2 py-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/product/${review.productId}`} className="font-medium hover:text-brand-700">
                    {review.productName}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {review.statusLabel} · {review.date}
                  </span>
                </div>
                <StarRating rating={review.rating} />
                <p className="font-medium">{review.title}</p>
                <p className="text-sm whitespace-pre-line text-slate-700">{review.body}</p>
                {review.reply && (
                  <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                    <span className="font-medium">Resposta da loja:</span> {review.reply}
                  </p>
                )}
                <div className="flex gap-2">
                  <Link
                    to={`${REVIEWS_PATH}?${PRODUCT_PARAM}=${review.productId}`}
                    aria-label={`Editar avaliação de ${review.productName}`}
                    className={buttonClasses("outline", "sm")}
                  >
                    Editar
                  </Link>
                  <Form method="post" action={REVIEWS_PATH}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="reviewId" value={review.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`Excluir avaliação de ${review.productName}`}
                    >
                      Excluir
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** What the last form did: a review sent (after its redirect) or deleted. */
function SentNotice({ sent, answer }: { sent: string | null; answer: ReviewFormAnswer | undefined }) {
  const message = answer?.ok ? answer.message : sent;
  if (!message) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
    >
      {message}
    </p>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Avaliações"),
  ...storeDescription(matches),
];
