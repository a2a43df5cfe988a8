import { BadgeCheck, ThumbsUp } from "lucide-react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { PublishedReview, ReviewSummary } from "../../domain/reviews/published-review";
import { REVIEW_ORDER_PARAM, REVIEW_ORDERS, type ReviewOrder } from "../../domain/reviews/review-schema";
import { Badge } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { StarRating } from "./star-rating";

const SECTION_ID = "avaliacoes";

type ShownReview = Omit<PublishedReview, "createdAt"> & { date: string };

const averageText = (average: number) => average.toFixed(1).replace(".", ",");
const countText = (count: number) => (count === 1 ? "1 avaliação" : `${count} avaliações`);

/** Beside the price: the average and how many reviews, leading to them; nothing before the first. */
export function ReviewsSummaryLink({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0) return null;
  return (
    <a
      href={`#${SECTION_ID}`}
      className="flex items-center gap-2 text-sm text-slate-700 hover:text-brand-700"
    >
      <StarRating rating={summary.average} />
      <span>
        {averageText(summary.average)} ({countText(summary.count)})
      </span>
    </a>
  );
}

/** The product page's 'Avaliações': the summary per star, the order, the reviews and a way to write one. */
export function ProductReviews({
  productId,
  order,
  summary,
  list,
}: {
  productId: number;
  order: ReviewOrder;
  summary: ReviewSummary;
  list: ShownReview[];
}) {
  return (
    <section id={SECTION_ID} aria-labelledby="avaliacoes-titulo" className="mt-10 scroll-mt-20">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="avaliacoes-titulo" className="text-xl font-bold tracking-tight">
          Avaliações
        </h2>
        <Link to={`/account/reviews?produto=${productId}`} className={buttonClasses("outline", "sm")}>
          Escrever avaliação
        </Link>
      </div>
      {summary.count === 0 ? (
        <p className="mt-4 text-slate-600">
          Este produto ainda não tem avaliações. Comprou? Conte o que achou.
        </p>
      ) : (
        <>
          <StarsSummary summary={summary} />
          <ReviewOrderLinks order={order} />
          <ul className="mt-4 flex flex-col divide-y divide-slate-200">
            {list.map((review) => (
              <li key={review.id} className="py-5">
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function StarsSummary({ summary }: { summary: ReviewSummary }) {
  return (
    <div className="mt-4 grid gap-6 rounded-xl border border-slate-200 p-5 sm:grid-cols-[auto_1fr]">
      <div className="flex flex-col items-center justify-center gap-1">
        <p className="text-4xl font-bold">{averageText(summary.average)}</p>
        <StarRating rating={summary.average} />
        <p className="text-sm text-slate-600">{countText(summary.count)}</p>
      </div>
      <ul aria-label="Avaliações por nota" className="flex flex-col gap-1.5">
        {summary.perStar.map((count, index) => {
          const stars = 5 - index;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="w-20 shrink-0">{stars === 1 ? "1 estrela" : `${stars} estrelas`}</span>
              <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-amber-500"
                  style={{ width: `${(count / summary.count) * 100}%` }}
                />
              </span>
              <span className="w-8 shrink-0 text-right text-slate-600">{count}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Newest or most helpful first: links (the variant chosen kept), so they work before the scripts. */
function ReviewOrderLinks({ order }: { order: ReviewOrder }) {
  const [params] = useSearchParams();
  const hrefOf = (choice: ReviewOrder) => {
    const next = new URLSearchParams(params);
    if (choice === "recentes") next.delete(REVIEW_ORDER_PARAM);
    else next.set(REVIEW_ORDER_PARAM, choice);
    const search = next.toString();
    return `${search ? `?${search}` : ""}#${SECTION_ID}`;
  };
  return (
    <nav aria-label="Ordenar avaliações" className="mt-4 flex gap-2">
      {(Object.keys(REVIEW_ORDERS) as ReviewOrder[]).map((choice) => (
        <Link
          key={choice}
          to={hrefOf(choice)}
          preventScrollReset
          aria-current={choice === order ? "true" : undefined}
          className={buttonClasses(choice === order ? "default" : "outline", "sm")}
        >
          {REVIEW_ORDERS[choice]}
        </Link>
      ))}
    </nav>
  );
}

function ReviewItem({ review }: { review: ShownReview }) {
  const helpful = useFetcher();
  const author = [review.authorName, review.authorCity].filter(Boolean).join(" · ");
  return (
    <article aria-labelledby={`avaliacao-${review.id}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <StarRating rating={review.rating} />
        <Badge variant="secondary" icon={BadgeCheck}>
          Compra verificada
        </Badge>
      </div>
      <h3 id={`avaliacao-${review.id}`} className="font-semibold">
        {review.title}
      </h3>
      <p className="whitespace-pre-line text-slate-700">{review.body}</p>
      <p className="text-sm text-slate-600">
        {author} · {review.date}
      </p>
      {review.reply && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-medium">Resposta da loja</p>
          <p className="mt-1 whitespace-pre-line">{review.reply}</p>
        </div>
      )}
      {/* A visitor is sent to sign in, and back here. */}
      <helpful.Form method="post">
        <input type="hidden" name="intent" value="helpful" />
        <input type="hidden" name="reviewId" value={review.id} />
        <button
          type="submit"
          className={buttonClasses("ghost", "sm", "-ml-3")}
          aria-label={`Marcar como útil: ${review.title} (${review.helpfulCount})`}
        >
          <ThumbsUp aria-hidden className="size-4" />
          Útil ({review.helpfulCount})
        </button>
      </helpful.Form>
    </article>
  );
}
