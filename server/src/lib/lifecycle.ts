// Where a server process is in its life, which is what readiness reports (`getHealth`): it takes calls
// only between the end of its start (migrations, seeding, runners and sandboxes started) and the
// beginning of its stop. Liveness (`getLiveness`) answers in every phase.

import { AppError } from './app-error.ts';

export type Phase = 'starting' | 'ready' | 'stopping';

/** Seconds a client is told to wait while a server starts or stops (a balancer retries elsewhere). */
export const LIFECYCLE_RETRY_AFTER_SECONDS = 1;

const notReadyMessages: Record<Exclude<Phase, 'ready'>, string> = {
  starting: 'The server is starting. Please try again in a moment.',
  stopping: 'The server is stopping. Please try again in a moment.',
};

/** The `503 SERVICE_UNAVAILABLE` of a server that is starting or stopping. */
export function notReady(phase: Exclude<Phase, 'ready'>): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', notReadyMessages[phase]).withHeader(
    'retry-after',
    String(LIFECYCLE_RETRY_AFTER_SECONDS),
  );
}

export interface Lifecycle {
  readonly phase: Phase;
  /** The start is over: calls are taken. */
  ready(): void;
  /** The stop began: readiness fails from now on (calls being answered finish). */
  stopping(): void;
}

export function createLifecycle(): Lifecycle {
  let phase: Phase = 'starting';
  return {
    get phase() {
      return phase;
    },
    ready() {
      if (phase === 'starting') phase = 'ready';
    },
    stopping() {
      phase = 'stopping';
    },
  };
}
