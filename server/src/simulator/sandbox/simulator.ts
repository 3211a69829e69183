import type { DriftLog } from '../proxy/contract-drift.ts';
import type { Sandboxes } from './sandboxes.ts';
import type { World } from './world.ts';

/** What the simulation routes reach beyond the deps: the worlds themselves and the proxy's findings. */
export interface Simulator {
  shared: World;
  sandboxes: Sandboxes;
  /** What the validating proxy found between the contract and the real back end (PROXY_TARGET). */
  drift: DriftLog;
  /** The world of the request being handled (the shared world outside a request). */
  world(): World;
}
