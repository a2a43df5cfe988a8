import { Form, useNavigation } from "react-router";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "../../domain/reviews/review-schema";
import { Button } from "../ui/button";
import { FormField, FormMessage } from "../ui/form-field";
import { TextAreaField } from "../ui/textarea-field";

/** The account's review form's answer: done, or refused with its reason or its fields' messages. */
export type ReviewFormAnswer =
  | { ok: true; message: string }
  | { ok: false; message?: string; errors?: Record<string, string>; values?: Record<string, string> };

interface OwnReview {
  id: number;
  rating: number;
  title: string;
  body: string;
}

/**
 * A customer's review of one product: 1 to 5 stars, a title and a text. A plain form (it works
 * before the scripts arrive); the server has the last word on every field and on who may write.
 */
export function ReviewForm({
  productId,
  review,
  answer,
}: {
  productId: number;
  review: OwnReview | null;
  answer: Extract<ReviewFormAnswer, { ok: false }> | undefined;
}) {
  const sending = useNavigation().state === "submitting";
  const value = (name: "rating" | "title" | "body", saved: string) => answer?.values?.[name] ?? saved;
  const errors = answer?.errors ?? {};
  const rating = value("rating", review ? String(review.rating) : "");
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
      {review ? (
        <>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="reviewId" value={review.id} />
        </>
      ) : (
        <>
          <input type="hidden" name="intent" value="write" />
          <input type="hidden" name="productId" value={productId} />
        </>
      )}
      <fieldset aria-describedby={errors.rating ? "review-rating-erro" : undefined}>
        <legend className="text-sm font-medium text-slate-700">Nota</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="rating"
                value={stars}
                defaultChecked={rating === String(stars)}
                aria-invalid={errors.rating ? true : undefined}
                className="accent-brand-600"
              />
              {stars === 1 ? "1 estrela" : `${stars} estrelas`}
            </label>
          ))}
        </div>
        <FormMessage id="review-rating-erro" message={errors.rating} />
      </fieldset>
      <FormField
        label="Título"
        name="title"
        maxLength={REVIEW_TITLE_MAX}
        defaultValue={value("title", review?.title ?? "")}
        error={errors.title}
        required
      />
      <TextAreaField
        label="Sua avaliação"
        name="body"
        rows={5}
        maxLength={REVIEW_BODY_MAX}
        defaultValue={value("body", review?.body ?? "")}
        error={errors.body}
        required
      />
      <FormMessage message={answer?.message} />
      <Button type="submit" className="self-start" disabled={sending}>
        {review ? "Salvar avaliação" : "Enviar avaliação"}
      </Button>
    </Form>
  );
}
