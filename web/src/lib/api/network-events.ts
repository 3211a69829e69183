/** A request that never got an HTTP answer (status 0): offline, DNS, CORS, server down. */
export type NetworkFailure = { url: string; method: string };

type Listener = (failure: NetworkFailure) => void;

function channel() {
  const listeners = new Set<Listener>();
  return {
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(failure: NetworkFailure): void {
      for (const listener of listeners) listener(failure);
    },
  };
}

const networkFailures = channel();
const sessionLosses = channel();

export const onNetworkFailure = networkFailures.on;
export const emitNetworkFailure = networkFailures.emit;

/** A call answered 401 while signed in: the session ended elsewhere (logout in another tab, expiry). */
export const onSessionLost = sessionLosses.on;
export const emitSessionLost = sessionLosses.emit;
