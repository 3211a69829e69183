import type { FastifyBaseLogger } from 'fastify';
import type { PortalDeps } from './deps.ts';
import { type FaultHooks, noFaults } from './hooks.ts';
import { recordInviteDownload } from './services/audit.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './services/jobs.ts';

/** Long-lived services next to the routes: the background workers of one world. */
export interface PortalServices {
  /** Download jobs and collection toggles on the simulation clock. */
  jobs: JobRunner;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createServices(
  deps: PortalDeps,
  log: FastifyBaseLogger,
  options: JobRunnerOptions & { faults?: FaultHooks } = {},
): PortalServices {
  const jobs = createJobRunner(deps, log, { ...options, faults: options.faults ?? noFaults });
  // A company's completed export of a user's data belongs in that sharing's audit trail.
  jobs.onCompleted(recordInviteDownload(deps.prisma, deps.clock));
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
