import type { PortalDeps } from './deps.ts';
import type { FaultHooks } from './hooks.ts';

/**
 * The world a request works in, handed as a value from the route (`ctx.world`, `request.world`) to the
 * service: its resources (settings, database handle, clocks), the job runner that serves it and the
 * simulator's fault hooks (`noFaults` without the simulator). The app has one world; the simulator adds
 * sandboxes. Nothing reaches a world through ambient state: whoever needs one is given it.
 */
export interface World extends PortalDeps {
  /**
   * The world's background runner: a service that adds work (a download job, a collection change) wakes
   * it, saying when the work falls due (default: now).
   */
  jobs: { wake(at?: Date): void };
  faults: FaultHooks;
}
