export interface ReviewSummary {
  count: number;
  /** The mean of the stars, to one decimal; 0 without reviews. */
  average: number;
  /** How many reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  perStar: [number, number, number, number, number];
}

export interface PublishedReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  authorCity: string | null;
  createdAt: Date;
  reply: string | null;
  helpfulCount: number;
}
