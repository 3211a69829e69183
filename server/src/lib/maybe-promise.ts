// A value now or later: what a read answers at once on SQLite (a prepared statement) and as a promise on
// PostgreSQL (a pool query). A request that can be answered at once then takes no promise and no
// microtask per step (decision 0150).

export type MaybePromise<T> = T | Promise<T>;

/** `map` applied to the value, now when it is here, later when it is a promise. */
export const whenReady = <T, R>(
  value: MaybePromise<T>,
  map: (value: T) => MaybePromise<R>,
): MaybePromise<R> => (value instanceof Promise ? value.then(map) : map(value));
