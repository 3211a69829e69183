import { rm } from 'node:fs/promises';
import type { components } from '@portal/contract/schema';
import { sessionCarryOver } from '../auth/sessions.ts';
import { type Config, isDevMode } from '../config.ts';
import { isoFromStored } from '../db/connected-users.ts';
import { newRowId } from '../db/row-ids.ts';
import { writeRows } from '../db/row-writes.ts';
import type { PortalDeps } from '../deps.ts';
import type { Fault } from '../generated/prisma/client.ts';
import { AppError, badRequest, type ErrorCode } from '../lib/app-error.ts';
import { isValidSpeed, maxSpeed, minSpeed } from '../lib/clock.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { oneAtATime } from '../lib/one-at-a-time.ts';
import { createExportStorage } from '../services/export-storage.ts';
import { orphanQuietMs, removeOrphanDocuments } from '../services/startup-cleanup.ts';
import type { SimulatedWorld } from './sandbox/world.ts';
import { DEFAULT_SCENARIO, requireScenario } from './scenarios/registry.ts';
import { reseed } from './seeding.ts';
import { shareClock } from './team-clock.ts';

type Schemas = components['schemas'];
type FaultInput = Schemas['FaultInput'];
type FaultView = Schemas['Fault'];

/** The simulator exists for development and tests; a production server pretends it is not there. */
export function requireSimulation(config: Config): void {
  if (!isDevMode(config)) {
    throw new AppError(
      404,
      'SIMULATION_DISABLED',
      'Simulation controls are not available in production mode.',
    );
  }
}

/**
 * Wipes the database, the uploaded documents and the exports, loads a scenario, real-time clock.
 * `keepSession` (the caller's cookie token) stays valid throughout when the new world has its account.
 */
export async function resetSimulation(
  deps: SimulatedWorld,
  choice: { scenario?: string; seed?: number; keepSession?: string } = {},
): Promise<void> {
  const { keepSession, ...scenario } = choice;
  requireScenario(scenario.scenario ?? DEFAULT_SCENARIO);
  // Two resets of one world at once removed each other's files half-way (and a snapshot in between).
  await oneAtATime(deps.config.dataDir, async () => {
    const afterLoad = keepSession ? await sessionCarryOver(deps, keepSession) : undefined;
    await rm(createExportStorage(deps).directory, { recursive: true, force: true });
    deps.clock.setSpeed(1);
    // Documents go with their rows (an upload arriving meanwhile keeps its own); files no row names
    // and nothing writes to any more go too.
    await reseed(deps, { ...scenario, afterLoad });
    await removeOrphanDocuments(deps, orphanQuietMs(deps.config));
    await shareClock(deps);
    deps.faults.markArmed();
    // The scenario's pending jobs and toggles are the runner's to plan for.
    deps.jobs.wake();
  });
}

export function clockView({ clock }: Pick<PortalDeps, 'clock'>) {
  return { speed: clock.speed, now: clock.now().toISOString() };
}

/** Changes the speed from now on (simulated time never jumps) and remembers it across restarts. */
export async function setClockSpeed(
  { prisma, clock, config }: Pick<PortalDeps, 'prisma' | 'clock' | 'config'>,
  speed: number,
) {
  if (!isValidSpeed(speed)) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `The speed must be between ${minSpeed} and ${maxSpeed}.`,
      'speed',
    );
  }
  clock.setSpeed(speed);
  await shareClock({ prisma, clock, config });
  return clockView({ clock });
}

/** Jumps simulated time ahead (the simulator's "skip ahead"), on every instance of a team. */
export async function advanceClock(world: Pick<PortalDeps, 'prisma' | 'clock' | 'config'>, ms: number) {
  world.clock.advance(ms);
  await shareClock(world);
  return clockView(world);
}

/** At start-up: the speed last set through the simulator (the simulated time itself restarts at real now). */
export async function restoreClockSpeed({
  prisma,
  clock,
}: Pick<PortalDeps, 'prisma' | 'clock'>): Promise<void> {
  const state = await prisma.simState.findUnique({ where: { id: 1 } });
  // A stored speed outside the allowed range (an older server let one in) is dropped, not restored.
  if (state && state.speed !== clock.speed && isValidSpeed(state.speed)) clock.setSpeed(state.speed);
}

const GENERIC_CODES: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function toFaultView(fault: Omit<Fault, 'createdAt'> & { createdAt: Date | string }): FaultView {
  return {
    id: fault.id,
    operationId: fault.operationId as FaultView['operationId'],
    status: fault.status,
    code: fault.code as ErrorCode | null,
    delayMs: fault.delayMs,
    remaining: fault.remaining,
    createdAt: typeof fault.createdAt === 'string' ? fault.createdAt : fault.createdAt.toISOString(),
  };
}

/**
 * Arms a fault. A code without a status takes its status from the contract's error catalogue; a
 * status without a code gets the status's generic code (SERVICE_UNAVAILABLE for 503, BAD_GATEWAY for 502, GATEWAY_TIMEOUT for 504, INTERNAL_ERROR for other 5xx), so the list shows
 * exactly what the calls will answer.
 */
export async function injectFault(
  { prisma, faults }: Pick<SimulatedWorld, 'prisma' | 'faults'>,
  catalogue: Readonly<Record<string, { status: number }>>,
  input: FaultInput,
): Promise<FaultView> {
  if (input.status === undefined && input.code === undefined && input.delayMs === undefined) {
    throw badRequest('VALIDATION_FAILED', 'Give at least one of status, code and delayMs.');
  }
  const status = input.status ?? (input.code ? catalogue[input.code]?.status : undefined) ?? null;
  const code =
    input.code ??
    (status === null ? null : (GENERIC_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : null)));
  const fault = {
    id: newRowId(),
    operationId: input.operationId,
    status,
    code,
    remaining: input.count ?? 1,
    delayMs: input.delayMs ?? null,
    createdAt: new Date(),
  };
  await writeRows(prisma, [{ insert: 'Fault', row: fault }]);
  faults.markArmed();
  return toFaultView(fault);
}

export function listFaults({ reads }: Pick<PortalDeps, 'reads'>): MaybePromise<FaultView[]> {
  return whenReady(reads.lists.faults(), (faults) =>
    faults.map((fault) => toFaultView({ ...fault, createdAt: isoFromStored(fault.createdAt) })),
  );
}

/** Removes every injected fault. */
export async function clearFaults({ prisma }: Pick<PortalDeps, 'prisma'>): Promise<void> {
  await prisma.fault.deleteMany();
}
