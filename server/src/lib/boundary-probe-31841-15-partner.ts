import type { A } from './boundary-probe-31841-15.ts';
export type B = { a?: A };
