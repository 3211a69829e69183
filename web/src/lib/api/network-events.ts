/** A request that never got an HTTP answer (status 0): offline, DNS, CORS, server down. */
export type NetworkFailure = { url: string; method: string };

type Listener = (failure: NetworkFailure) => void;

const listeners = new Set<Listener>();

export function onNetworkFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitNetworkFailure(failure: NetworkFailure): void {
  for (const listener of listeners) listener(failure);
}
