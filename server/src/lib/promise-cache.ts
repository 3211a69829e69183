/**
 * One promise per key: started by the first caller and shared by every later one, so concurrent
 * callers wait for the same work. A promise that fails is forgotten, so the next call tries again.
 */
export function createPromiseCache<T>(): (key: string, start: () => Promise<T>) => Promise<T> {
  const started = new Map<string, Promise<T>>();
  return (key, start) => {
    let promise = started.get(key);
    if (!promise) {
      promise = start();
      started.set(key, promise);
      promise.catch(() => started.delete(key));
    }
    return promise;
  };
}
