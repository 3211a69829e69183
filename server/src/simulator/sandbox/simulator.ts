import type { Sandboxes } from './sandboxes.ts';
import type { World } from './world.ts';

/** What the simulation routes reach beyond the deps: the worlds themselves. */
export interface Simulator {
  shared: World;
  sandboxes: Sandboxes;
  /** The world of the request being handled (the shared world outside a request). */
  world(): World;
}
