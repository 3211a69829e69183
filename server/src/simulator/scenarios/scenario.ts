import type { Db } from '../../db/client.ts';

/** A named data set the simulator can load; listed in registry.ts. */
export interface ScenarioContext {
  /** The transaction the scenario writes in (the tables are empty). */
  db: Db;
  /** Anchor of every date (the simulation clock's now). */
  now: Date;
  /** Seed of the pseudo-random generator; same seed and now, same rows. */
  seed: number;
}

export interface Scenario {
  /** Stable identifier used by the reset call and the command line (lower-case, dashes). */
  name: string;
  title: string;
  description: string;
  load(context: ScenarioContext): Promise<void>;
}
