import type { B } from './boundary-probe-31841-15-partner.ts';
export type A = { b?: B };
