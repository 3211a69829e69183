import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { PortalPrisma } from '../db/client.ts';
import { createRememberedRows, FAULT_TABLES, watchDataChanges } from '../db/data-changes.ts';
import type { FaultHooks } from '../hooks.ts';
import { AppError, type ErrorCode } from '../lib/app-error.ts';

const SIMULATED_RETRY_AFTER_SECONDS = 60;

/** Operation id of the simulator's job-level fault: a Fault row with it fails the next job that finishes. */
export const JOB_FAULT_OPERATION_ID = 'downloadJob';

const defaultMessages: Record<number, string> = {
  400: 'The request was refused (simulated fault).',
  401: 'You need to sign in to do this (simulated fault).',
  403: "You don't have permission to do this (simulated fault).",
  404: 'The requested resource was not found (simulated fault).',
  409: 'The resource is not in a state that allows this (simulated fault).',
  429: 'Too many attempts (simulated fault).',
};

/** A simulated 5xx answers like the real one: the database lost (503), the validating proxy's 502 and 504. */
const serverFaults: Record<number, { code: ErrorCode; message: string }> = {
  500: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again later.' },
  502: { code: 'BAD_GATEWAY', message: 'The back end could not be reached.' },
  503: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is unavailable for a moment. Please try again in a few seconds.',
  },
  504: { code: 'GATEWAY_TIMEOUT', message: 'The back end did not answer in time.' },
};

/**
 * Simulated faults: the next `count` calls of an operation fail with a chosen status and code, or are
 * delayed, so every error state of the web app can be reached on purpose.
 */
export function createFaults(
  prisma: PortalPrisma,
  enabled: boolean,
  /**
   * The PostgreSQL database other instances arm faults in too (team mode): never assume none is armed;
   * the operations with an armed fault are remembered until the database announces a change of `Fault`.
   */
  sharedDatabaseUrl?: string,
): FaultHooks & { markArmed(): void; start(): Promise<void>; close(): Promise<void> } {
  // Skips a database round-trip on every call while no fault is armed. One instance knows when that is;
  // in a team, a fault armed through another instance must fire here too, so the operations with an
  // armed fault are read once per change of the table (db/data-changes.ts): as exact as a query per call.
  let armed = enabled;
  const shared = sharedDatabaseUrl !== undefined;
  const watch = enabled && sharedDatabaseUrl ? watchDataChanges(sharedDatabaseUrl, FAULT_TABLES) : undefined;
  const remembered = watch && createRememberedRows(watch);
  const armedOperations = async () =>
    new Set(
      (
        await prisma.fault.findMany({
          where: { remaining: { gt: 0 } },
          select: { operationId: true },
          distinct: ['operationId'],
        })
      ).map((fault) => fault.operationId),
    );
  return {
    markArmed() {
      armed = enabled;
    },
    start: async () => watch?.start(),
    close: async () => watch?.close(),
    /** Whether a fault waits for the operation (without using it up). */
    async pendingFor(operationId: string): Promise<boolean> {
      if (!armed) return false;
      return (await prisma.fault.count({ where: { operationId, remaining: { gt: 0 } } })) > 0;
    },
    /**
     * Runs before every operation: undefined, not a promise, while no fault is armed on one instance. In
     * a team, every call first waits for the team signal's barrier (through the faults' watch), so it
     * takes over whatever another instance announced before the call began: the simulated clock
     * (decision 0066) as well as the faults.
     */
    apply(request: FastifyRequest, operationId: string): Promise<void> | undefined {
      if (!armed) return;
      const exempt = operationId.startsWith('sim') || /Fault|Simulation/.test(operationId);
      if (!remembered) return exempt ? undefined : applyArmed(request, operationId);
      // One barrier serves the whole call: the session and the reads it makes wait for the same one.
      if (exempt) return watch?.fresh(request.arrivedAt).then(() => undefined);
      return remembered('armed', armedOperations, request.arrivedAt).then((operations) =>
        operations.has(operationId) ? applyArmed(request, operationId) : undefined,
      );
    },
    /** Takes one use of an armed `downloadJob` fault, if any; answers the failure reason to record. */
    takeJobFault: () =>
      prisma.$transaction(async (tx) => {
        const fault = await tx.fault.findFirst({
          where: { operationId: JOB_FAULT_OPERATION_ID, remaining: { gt: 0 } },
          orderBy: { createdAt: 'asc' },
        });
        if (!fault) return null;
        await tx.fault.update({ where: { id: fault.id }, data: { remaining: { decrement: 1 } } });
        return fault.code ? `Simulated failure (${fault.code}).` : 'Simulated failure.';
      }),
  };

  /**
   * Uses up one call of the oldest fault armed for the operation. The decrement only counts while some
   * call is left (`remaining > 0` in the UPDATE itself), so instances sharing one database fire a fault
   * exactly `count` times in total: a loser of the race looks for the next fault.
   */
  async function claimNext(operationId: string) {
    for (;;) {
      const next = await prisma.fault.findFirst({
        where: { operationId, remaining: { gt: 0 } },
        orderBy: { createdAt: 'asc' },
      });
      if (!next) return null;
      const { count } = await prisma.fault.updateMany({
        where: { id: next.id, remaining: { gt: 0 } },
        data: { remaining: { decrement: 1 } },
      });
      if (count === 1) return next;
    }
  }

  async function applyArmed(request: FastifyRequest, operationId: string): Promise<void> {
    const fault = await claimNext(operationId);
    if (!fault) {
      if (!shared) armed = (await prisma.fault.count({ where: { remaining: { gt: 0 } } })) > 0;
      return;
    }
    request.log.info({ operationId, status: fault.status, delayMs: fault.delayMs }, 'simulated fault');
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.status) {
      const unavailable = fault.status === 503;
      const serverSide = fault.status >= 500 ? (serverFaults[fault.status] ?? serverFaults[500]) : undefined;
      const code = (fault.code ?? serverSide?.code ?? 'VALIDATION_FAILED') as ErrorCode;
      const message =
        serverSide?.message ?? defaultMessages[fault.status] ?? 'The request failed (simulated fault).';
      const error = new AppError(fault.status, code, message);
      // The contract requires Retry-After on every 429 and 503, a simulated one too.
      throw fault.status === 429 || unavailable
        ? error.withHeader('retry-after', String(SIMULATED_RETRY_AFTER_SECONDS))
        : error;
    }
  }
}

export type Faults = ReturnType<typeof createFaults>;
