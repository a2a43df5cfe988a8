import type { PublishedReview, ReviewSummary } from "./published-review";

/**
 * A product's `aggregateRating` and the `review`s its page shows, for schema.org's `Product`; none
 * while it has no published review (search engines refuse an empty rating).
 */
export function reviewsJsonLd({ summary, reviews }: { summary: ReviewSummary; reviews: PublishedReview[] }) {
  if (summary.count === 0) return {};
  const rating = (value: number) => ({ ratingValue: value, bestRating: 5, worstRating: 1 });
  return {
    aggregateRating: { "@type": "AggregateRating", ...rating(summary.average), reviewCount: summary.count },
    review: reviews.map((review) => ({
      "@type": "Review",
      name: review.title,
      reviewBody: review.body,
      datePublished: review.createdAt.toISOString().slice(0, 10),
      author: { "@type": "Person", name: review.authorName },
      reviewRating: { "@type": "Rating", ...rating(review.rating) },
    })),
  };
}
