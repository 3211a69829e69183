import type { FastifyBaseLogger } from 'fastify';
import type { PortalDeps } from './deps.ts';
import { type FaultHooks, noFaults } from './hooks.ts';
import { recordInvitationDownload } from './services/audit.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './services/jobs.ts';

/** Long-lived services next to the routes: the background workers of one world. */
export interface WorldRunners {
  /** Download jobs and collection toggles on the simulation clock. */
  jobs: JobRunner;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createRunners(
  deps: PortalDeps,
  log: FastifyBaseLogger,
  options: JobRunnerOptions & { faults?: FaultHooks } = {},
): WorldRunners {
  const jobs = createJobRunner(deps, log, { ...options, faults: options.faults ?? noFaults });
  // A company's completed export of a user's data belongs in that sharing's audit trail.
  jobs.onCompleted(recordInvitationDownload(deps.prisma, deps.clock));
  return {
    jobs,
    async start() {
      await jobs.start();
    },
    async stop() {
      await jobs.stop();
    },
  };
}
