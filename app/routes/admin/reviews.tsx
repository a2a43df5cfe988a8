import { clsx } from "clsx";
import { data, Link, useFetcher } from "react-router";
import { z } from "../../lib/zod";
import type { Route } from "./+types/reviews";
import { AdminErrorBoundary } from "../../components/admin/admin-error-boundary";
import type { AdminFormAnswer } from "../../components/admin/admin-form-answer";
import { useAnswerToast } from "../../components/admin/use-answer-toast";
import { StarRating } from "../../components/reviews/star-rating";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { TextAreaField } from "../../components/ui/textarea-field";
import {
  moderateReview,
  replyToReview,
  REVIEW_STATUS_LABELS,
  reviewsForAdmin,
} from "../../domain/reviews/review-moderation.server";
import { REVIEW_MESSAGES, REVIEW_REPLY_MAX, reviewReplySchema } from "../../domain/reviews/review-schema";
import { formatDate } from "../../lib/dates";
import { rowIdField } from "../../lib/row-id";
import { pageTitle } from "../../lib/seo";
import { requireAdmin } from "../guards.server";

/** The list's filter (`?status=`), waiting reviews first: what the admin comes here for. */
const FILTERS = {
  pending: "Aguardando aprovação",
  published: "Publicadas",
  hidden: "Ocultas",
} as const;
type ReviewFilter = keyof typeof FILTERS;

const filterSchema = z.enum(Object.keys(FILTERS) as [ReviewFilter, ...ReviewFilter[]]).catch("pending");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const status = filterSchema.parse(new URL(request.url).searchParams.get("status") ?? undefined);
  const reviews = await reviewsForAdmin(context.db, status);
  // Dates as São Paulo text here, so the server and the browser render the same.
  return {
    status,
    reviews: reviews.map((review) => ({
      id: review.id,
      productId: review.productId,
      productName: review.productName,
      rating: review.rating,
      title: review.title,
      body: review.body,
      author: [review.authorName, review.authorCity].filter(Boolean).join(", "),
      date: formatDate(review.createdAt),
      status: review.status,
      statusLabel: REVIEW_STATUS_LABELS[review.status],
      reply: review.reply,
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), reviewId: rowIdField }),
  z.object({ intent: z.literal("hide"), reviewId: rowIdField }),
  // Its length is the reply schema's to judge, with its message; this only bounds what is read.
  z.object({
    intent: z.literal("reply"),
    reviewId: rowIdField,
    reply: z.string().max(REVIEW_REPLY_MAX * 10),
  }),
]);

/** An answer names its review, so a plain form's refusal is shown at that review's field. */
interface ReviewAnswer extends AdminFormAnswer {
  reviewId: number;
}

export async function action({ request, context }: Route.ActionArgs): Promise<ReviewAnswer> {
  const { user } = await requireAdmin(context, request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Ação desconhecida", { status: 400 });
  const input = parsed.data;
  const actor = { id: user.id, email: user.email };
  const answer = (found: boolean, message: string): ReviewAnswer =>
    found
      ? { reviewId: input.reviewId, ok: true, message }
      : { reviewId: input.reviewId, ok: false, message: REVIEW_MESSAGES.notFound };

  if (input.intent !== "reply") {
    const status = input.intent === "approve" ? "published" : "hidden";
    const found = await moderateReview(context.db, actor, input.reviewId, status);
    return answer(found, status === "published" ? "Avaliação aprovada e publicada!" : "Avaliação ocultada.");
  }
  // An emptied reply takes the store's answer away.
  if (input.reply.trim() === "") {
    return answer(await replyToReview(context.db, actor, input.reviewId, null), "Resposta removida.");
  }
  const reply = reviewReplySchema.safeParse(input.reply);
  if (!reply.success) {
    const message = reply.error.issues[0]!.message;
    return {
      reviewId: input.reviewId,
      ok: false,
      message,
      errors: { reply: message },
      posted: { reply: input.reply },
    };
  }
  return answer(await replyToReview(context.db, actor, input.reviewId, reply.data), "Resposta publicada!");
}

/** One fetcher for every review's forms, so its answer is toasted even when its review left the list. */
const MODERATION_FETCHER = "admin-review-moderation";

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { status, reviews } = loaderData;
  const moderation = useFetcher<typeof action>({ key: MODERATION_FETCHER });
  useAnswerToast(moderation.data);
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Avaliações</h2>
      <FilterLinks current={status} />
      {/* A form sent before the scripts ran is answered here, with the page. */}
      {actionData && (
        <p role="status" className={actionData.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}>
          {actionData.message}
        </p>
      )}
      {reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
          Nenhuma avaliação aqui.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {reviews.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              pageAnswer={actionData?.reviewId === review.id ? actionData : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function FilterLinks({ current }: { current: ReviewFilter }) {
  return (
    <nav aria-label="Filtrar avaliações" className="flex flex-wrap gap-2">
      {(Object.keys(FILTERS) as ReviewFilter[]).map((filter) => (
        <Link
          key={filter}
          to={`?status=${filter}`}
          aria-current={filter === current ? "page" : undefined}
          className={clsx(
            "rounded-full border px-3 py-1 text-sm font-medium",
            filter === current
              ? "border-brand-600 bg-brand-600 text-white"
              : "border-slate-300 text-slate-700 hover:bg-slate-50",
          )}
        >
          {FILTERS[filter]}
        </Link>
      ))}
    </nav>
  );
}

type ListedReview = Route.ComponentProps["loaderData"]["reviews"][number];

function ReviewCard({ review, pageAnswer }: { review: ListedReview; pageAnswer: ReviewAnswer | undefined }) {
  const fetcher = useFetcher<typeof action>({ key: MODERATION_FETCHER });
  const answer = fetcher.data?.reviewId === review.id ? fetcher.data : pageAnswer;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("reviewId") === String(review.id);
  const refused = answer?.ok === false ? answer : undefined;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={`/product/${review.productId}`} className="font-medium underline hover:no-underline">
          {review.productName}
        </Link>
        <Badge variant={review.status === "published" ? "default" : "secondary"}>{review.statusLabel}</Badge>
      </div>
      <div className="flex flex-col gap-1">
        <StarRating rating={review.rating} />
        <p className="font-semibold">{review.title}</p>
        <p className="whitespace-pre-line text-slate-800">{review.body}</p>
        <p className="text-slate-600">
          {review.author} · {review.date}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {review.status !== "published" && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="reviewId" value={review.id} />
            <Button type="submit" size="sm" disabled={busy}>
              Aprovar
            </Button>
          </fetcher.Form>
        )}
        {review.status !== "hidden" && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="hide" />
            <input type="hidden" name="reviewId" value={review.id} />
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              Ocultar
            </Button>
          </fetcher.Form>
        )}
      </div>
      <fetcher.Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="reviewId" value={review.id} />
        <TextAreaField
          // A refused reply is drawn again as typed; otherwise the one saved.
          key={refused ? "refused" : (review.reply ?? "")}
          label="Resposta da loja"
          hint="Aparece abaixo da avaliação, no produto. Deixe em branco para tirar a resposta."
          name="reply"
          rows={3}
          defaultValue={refused?.posted?.reply ?? review.reply ?? ""}
          error={refused?.errors?.reply}
        />
        <Button type="submit" size="sm" variant="outline" className="self-start" disabled={busy}>
          Salvar resposta
        </Button>
      </fetcher.Form>
    </li>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Avaliações | Painel de Administração"),
  { name: "robots", content: "noindex" },
];

export { AdminErrorBoundary as ErrorBoundary };
