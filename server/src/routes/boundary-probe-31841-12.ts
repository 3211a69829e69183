import type { World } from '../simulator/sandbox/world.ts';
export type Probe = World;
