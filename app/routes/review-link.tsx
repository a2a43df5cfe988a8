import { Link } from "react-router";
import type { Route } from "./+types/review-link";
import { pageTitle } from "../lib/seo";
import { AuthPageFrame, OutcomeNotice } from "../components/auth/auth-page-frame";
import { ReviewForm, type ReviewFormAnswer } from "../components/reviews/review-form";
import { buttonClasses } from "../components/ui/button";
import { reviewFormOf } from "../domain/reviews/customer-reviews.server";
import { checkReviewLink } from "../domain/reviews/review-requests.server";
import { REVIEW_MESSAGES } from "../domain/reviews/review-schema";
import { saveReviewForm } from "./review-form.server";

/**
 * A review request's link (`?t=`): the form of the product it names, for the customer it was sent
 * to, without signing in first; the server checks the purchase as for any review.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = checkReviewLink(context.env, new URL(request.url).searchParams.get("t") ?? "");
  if (!link.ok) return { refusal: link.message, form: null };
  const form = await reviewFormOf(context.db, link.userId, link.productId);
  if (!form || !(form.review || form.bought)) return { refusal: REVIEW_MESSAGES.notBuyer, form: null };
  return { refusal: null, form };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ReviewFormAnswer> {
  const link = checkReviewLink(context.env, new URL(request.url).searchParams.get("t") ?? "");
  if (!link.ok) return { ok: false, message: link.message };
  const saved = await saveReviewForm(context, link.userId, await request.formData(), link.productId);
  if (!saved.ok) return saved;
  return {
    ok: true,
    message: saved.status === "published" ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.saved,
  };
}

export default function ReviewLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { refusal, form } = loaderData;
  return (
    <AuthPageFrame title={form ? `Avaliar: ${form.product.name}` : "Avaliar produto"}>
      <div className="flex flex-col gap-4">
        {actionData?.ok ? (
          <OutcomeNotice tone="done">{actionData.message}</OutcomeNotice>
        ) : refusal || !form ? (
          <OutcomeNotice tone="refused">{refusal}</OutcomeNotice>
        ) : (
          <ReviewForm productId={form.product.id} review={form.review} answer={actionData} />
        )}
        <Link to="/account/reviews" className={buttonClasses("outline", "md")}>
          Minhas avaliações
        </Link>
      </div>
    </AuthPageFrame>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(matches, "Avaliar produto"),
  { name: "robots", content: "noindex" },
];
