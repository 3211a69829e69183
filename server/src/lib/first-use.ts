/**
 * A module (or any one-off work) done on its first use rather than at every start (decision 0059):
 * callers share one load, and a failed load is tried again on the next use.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
