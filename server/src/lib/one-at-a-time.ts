/**
 * Work that replaces a whole world's state (a reset, a snapshot saved, restored or deleted) runs one at
 * a time per key (the world's data folder): two at once removed each other's files half-way. Callers
 * queue in order; a failure does not stop the ones behind it.
 */
const queues = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}
