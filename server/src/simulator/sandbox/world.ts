import type { FastifyBaseLogger } from 'fastify';
import { isDevMode } from '../../config.ts';
import { isPostgres } from '../../db/engine.ts';
import type { PortalDeps } from '../../deps.ts';
import { createRunners, type WorldRunners } from '../../runners.ts';
import type { World } from '../../world.ts';
import { createFaults, type Faults } from '../faults.ts';
import { followTeamClock } from '../team-clock.ts';
import { type CallLog, createCallLog, createTeamCallLog } from './call-log.ts';

/**
 * One simulated world: the core's world (database handle, clocks, settings, job runner, faults) and
 * what the simulator keeps about it. The shared world (id null) is the app's own; a sandbox is a
 * private copy. A request reaches one as `request.world` (the sandbox plugin picks it); nothing
 * resolves a world from ambient state.
 */
export interface SimulatedWorld extends World {
  readonly id: string | null;
  readonly scenario: string;
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** Its background runners (the job runner), started and stopped with it. */
  readonly runners: WorldRunners;
  readonly jobs: WorldRunners['jobs'];
  readonly faults: Faults;
  readonly calls: CallLog;
  readonly createdAt: Date;
  lastUsedAt: number;
}

/** Opens a connection of the world's pool (a failure is the first real query's to report). */
const openPool = (deps: PortalDeps) =>
  Promise.resolve()
    .then(() => deps.reads.lists.ping())
    .catch(() => undefined);

/** A world on `deps` with its own job runner and the simulator's faults plugged in. */
export function createSimulatedWorld(
  fields: {
    id: string | null;
    scenario: string;
    deps: PortalDeps;
    createdAt?: Date;
    /** Its pool has a connection open already (a spare's, opened ahead): its start opens none. */
    poolOpen?: boolean;
    /**
     * Its start answers once it can serve calls, its job runner starting after (a team sandbox's
     * creation answers sooner: the runner's first plan reads the database anyway, whenever it starts).
     */
    jobsAfterStart?: boolean;
  },
  log: FastifyBaseLogger,
): SimulatedWorld {
  const { deps } = fields;
  const { databaseUrl } = deps.config;
  const faults = createFaults(
    deps.prisma,
    isDevMode(deps.config),
    isPostgres(databaseUrl) ? databaseUrl : undefined,
  );
  const core = createRunners(deps, log, { faults });
  // One instance keeps the call list in memory; a team (PostgreSQL) gathers it from every instance.
  const calls = isPostgres(databaseUrl) ? createTeamCallLog(deps.prisma, databaseUrl, log) : createCallLog();
  // In a team (PostgreSQL), the world's clock follows the one every instance shares.
  const clock = followTeamClock(deps, log);
  /** The job runner's start under way (stopping waits for it). */
  let jobsStarting: Promise<void> = Promise.resolve();
  const runners: WorldRunners = {
    jobs: core.jobs,
    async start() {
      // A team world's first two connections (its listening one, for the clock, and its pool's first)
      // are each a new PostgreSQL backend, tens to hundreds of milliseconds under load: opened side
      // by side, so the clock's stored state is then read on a connection already open. A pool opened
      // ahead (a spare's, decision 0106) has its connection: the clock's read uses it, no second one.
      await Promise.all([
        clock.start(),
        isPostgres(databaseUrl) && !fields.poolOpen ? openPool(deps) : undefined,
      ]);
      await faults.start();
      if ('start' in calls) await calls.start();
      const jobs = core.start();
      if (!fields.jobsAfterStart) {
        jobsStarting = jobs.catch(() => undefined);
        await jobs;
      } else
        jobsStarting = jobs.catch((error: unknown) => log.error({ err: error }, 'job runner: start failed'));
    },
    async stop() {
      await jobsStarting;
      await core.stop();
      await clock.stop();
      await faults.close();
      if ('close' in calls) await calls.close();
    },
  };
  return {
    ...deps,
    id: fields.id,
    scenario: fields.scenario,
    dataDir: deps.config.dataDir,
    databaseUrl: deps.config.databaseUrl,
    runners,
    jobs: runners.jobs,
    faults,
    calls,
    createdAt: fields.createdAt ?? new Date(),
    lastUsedAt: Date.now(),
  };
}
