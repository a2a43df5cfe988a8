export interface RecentAnswersLimits {
  /** How many keys are remembered, the oldest forgotten first. */
  keys: number;
  /** Longer keys are answered each time, so what a flood of them can take stays small. */
  maxKeyLength: number;
}

/**
 * `answer`, remembering its answers for the keys asked most recently: for what the server
 * works out from a request's spelling alone (its route, its page's canonical path, its
 * encoding), which the same few spellings ask again and again.
 */
export function rememberRecentAnswers<Key extends string | undefined, Answer>(
  answer: (key: Key) => Answer,
  limits: RecentAnswersLimits,
): (key: Key) => Answer {
  const recent = new Map<Key, Answer>();
  return (key) => {
    // One lookup on the common path; `has` only for an answer that is itself undefined.
    const known = recent.get(key);
    if (known !== undefined || recent.has(key)) return known!;
    const answered = answer(key);
    if ((key?.length ?? 0) > limits.maxKeyLength) return answered;
    if (recent.size >= limits.keys) recent.delete(recent.keys().next().value!);
    recent.set(key, answered);
    return answered;
  };
}
