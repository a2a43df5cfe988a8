/** What `/api/favorites` answers: the favourite's new state, or why it did not change. */
export interface FavoriteAnswer {
  favorited?: boolean;
  error?: string;
}
