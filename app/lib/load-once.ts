/**
 * `load` run at the first call and its result shared by every later one, as long as it succeeds:
 * a failed load (a package missing while a deploy replaces the dependencies) is forgotten, so the
 * next call tries again instead of failing until the process restarts.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
