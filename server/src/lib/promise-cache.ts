import type { MaybePromise } from './maybe-promise.ts';

/**
 * One promise per key: started by the first caller and shared by every later one, so concurrent
 * callers wait for the same work. A promise that fails is forgotten, so the next call tries again; once
 * one has settled, its value is answered as it is, without a promise (decision 0150).
 */
export function createPromiseCache<T>(): (key: string, start: () => Promise<T>) => MaybePromise<T> {
  const started = new Map<string, Promise<T>>();
  const settled = new Map<string, T>();
  return (key, start) => {
    if (settled.has(key)) return settled.get(key) as T;
    let promise = started.get(key);
    if (!promise) {
      promise = start();
      started.set(key, promise);
      promise.then(
        (value) => settled.set(key, value),
        () => started.delete(key),
      );
    }
    return promise;
  };
}
