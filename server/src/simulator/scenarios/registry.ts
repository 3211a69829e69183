// The scenario registry: every named data set the simulator can load. Add a scenario by writing
// a module that exports a `Scenario` and listing it here; the reset call, start-up seeding, the
// command line and `GET /api/v1/sim/scenarios` all read this list.
import { badRequest } from '../../lib/app-error.ts';
import { DAILY_SCENARIOS } from './daily.ts';
import { demoScenario, emptyScenario } from './demo.ts';
import { largeFleetScenario } from './large-fleet.ts';
import type { Scenario } from './scenario.ts';

export const DEFAULT_SCENARIO = 'demo';
export const DEFAULT_SEED = 1;

export const SCENARIOS: readonly Scenario[] = [
  demoScenario,
  emptyScenario,
  largeFleetScenario,
  ...DAILY_SCENARIOS,
];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.name === name);
}

/** The scenario of that name, or 400 UNKNOWN_SCENARIO naming the ones that exist. */
export function requireScenario(name: string): Scenario {
  const scenario = findScenario(name);
  if (!scenario) {
    const known = SCENARIOS.map((s) => s.name).join(', ');
    throw badRequest(
      'VALIDATION_FAILED',
      `There is no scenario "${name}". Known scenarios: ${known}.`,
      'scenario',
    );
  }
  return scenario;
}
