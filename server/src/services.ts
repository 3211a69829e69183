import type { FastifyBaseLogger } from 'fastify';
import { isDevMode } from './config.ts';
import type { PortalDeps } from './deps.ts';
import { recordInviteDownload } from './services/audit.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './services/jobs.ts';
import { createFaults, type Faults } from './simulator/faults.ts';
import { createDriftLog, type DriftLog } from './simulator/proxy/contract-drift.ts';

/** Long-lived services next to the routes: simulated faults and (added by features) background workers. */
export interface PortalServices {
  faults: Faults;
  /** Download jobs and collection toggles on the simulation clock. */
  jobs: JobRunner;
  /** What the validating proxy found between the contract and the real back end (PROXY_TARGET). */
  drift: DriftLog;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createServices(
  deps: PortalDeps,
  log: FastifyBaseLogger,
  jobOptions: JobRunnerOptions = {},
): PortalServices {
  const faults = createFaults(deps.prisma, isDevMode(deps.config));
  const jobs = createJobRunner(deps, log, jobOptions);
  // A company's completed export of a user's data belongs in that sharing's audit trail.
  jobs.onCompleted(recordInviteDownload(deps.prisma, deps.clock));
  return {
    faults,
    jobs,
    drift: createDriftLog(),
    async start() {
      await jobs.start();
    },
    async stop() {
      await jobs.stop();
    },
  };
}
