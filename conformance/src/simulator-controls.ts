import type { ContractDocument } from '@portal/contract/document';
import type { Operation, RequestSpec } from './contract-operations.ts';
import type { HttpAnswer, HttpClient } from './http-client.ts';
import { type Persona, personas } from './personas.ts';
import { plan } from './plan.ts';
import type { CaseContext } from './plan-types.ts';
import { jobProgression } from './progression.ts';

// The simulator operations, when the target has them (the reference server in development, test
// and demo modes): reset to the seeded data between cases that change it, injected faults, a
// faster clock for download jobs. Each is found by its effect, not by a status: a mock built from
// the contract answers every simulator call with its example and simulates nothing.

/** What the target's simulator can do, each found on its own. */
export interface Capabilities {
  /**
   * A reset takes effect: a write read back, then `resetSimulation`, and the write is gone. The data
   * is then reset between cases that change it.
   */
  reset: boolean;
  /** The simulation clock's speed can be set and reads back (download jobs finish sooner). */
  clock: boolean;
  /** Operations a fault can be injected into (a probe fault took effect); empty when none. */
  faultable: ReadonlySet<string>;
  /** The simulator acts (its clock or its faults): the simulator's own operations are scored. */
  simulator: boolean;
  /** How each was found, for the log and the reports. */
  notes: string[];
}

export const noCapabilities: Capabilities = {
  reset: false,
  clock: false,
  faultable: new Set(),
  simulator: false,
  notes: [],
};

const empty = (): RequestSpec => ({ params: {}, query: {}, headers: {} });

export function createCaseContext(
  document: ContractDocument,
  client: HttpClient,
  operations: Map<string, Operation>,
  options: { lifecycleDeadlineMs: number; deadlineAt?: number },
) {
  const call = (
    operationId: string,
    request: Partial<RequestSpec>,
    persona?: Persona,
  ): Promise<HttpAnswer> => {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`unknown operation ${operationId}`);
    return client.call(operation.method, operation.path, { ...empty(), ...request }, persona);
  };
  let capabilities = noCapabilities;

  const probeFaults = async (notes: string[]): Promise<Set<string>> => {
    const listed = await call('listSimulationOperations', {}, personas.admin);
    const ids = Array.isArray(listed.json)
      ? (listed.json as Array<{ operationId?: unknown }>).map((entry) => String(entry.operationId))
      : [];
    // A read without required parameters shows whether an injected fault takes effect.
    const probe = ids
      .map((id) => operations.get(id))
      .find(
        (operation) =>
          operation?.method === 'GET' &&
          !operation.parameters.some((parameter) => parameter.required) &&
          (!operation.secured || plan[operation.operationId]?.persona),
      );
    if (listed.status !== 200 || !probe) {
      notes.push(`faults: none (listSimulationOperations answered ${listed.status}, no operation to probe)`);
      return new Set();
    }
    const fault = { operationId: probe.operationId, status: 500, code: 'INTERNAL_ERROR', count: 1 };
    const injected = await call('injectFault', { body: fault }, personas.admin);
    const answer = await call(probe.operationId, {}, plan[probe.operationId]?.persona);
    await call('clearFaults', {}, personas.admin);
    const code = (answer.json as { errors?: Array<{ code?: string }> } | undefined)?.errors?.[0]?.code;
    if (injected.status === 201 && answer.status === 500 && code === 'INTERNAL_ERROR') {
      notes.push(
        `faults: a fault injected into ${probe.operationId} took effect; ${ids.length} operations take faults`,
      );
      return new Set(ids);
    }
    notes.push(
      `faults: none (a fault injected into ${probe.operationId} answered ${injected.status}, then the call answered ${answer.status})`,
    );
    return new Set();
  };

  /** The collection state of the owner's products, by id (empty when they cannot be read). */
  const collectionStates = async (): Promise<Map<string, boolean>> => {
    const answer = await call('listProducts', {}, personas.owner);
    const lists = answer.status === 200 ? Object.values((answer.json ?? {}) as Record<string, unknown>) : [];
    const products = lists.flatMap((list) => (Array.isArray(list) ? list : [])) as Array<{
      id?: unknown;
      dataCollectionEnabled?: unknown;
    }>;
    return new Map(
      products
        .filter(
          (product) => typeof product.id === 'string' && typeof product.dataCollectionEnabled === 'boolean',
        )
        .map((product) => [product.id as string, product.dataCollectionEnabled as boolean]),
    );
  };

  // A reset is found by its effect, as a stateless mock answers 204 to resetSimulation as well: the
  // owner turns a product's data collection over, reads the change back, resets, and reads it gone.
  const probeReset = async (notes: string[]): Promise<boolean> => {
    const [id, enabled] = [...(await collectionStates())][0] ?? [];
    if (id === undefined || enabled === undefined) {
      notes.push(
        "reset: none (cases run once, in order; the owner's products could not be read to probe it)",
      );
      return false;
    }
    const flip = (state: boolean) =>
      call('setProductCollection', { params: { id, action: state ? 'ENABLE' : 'DISABLE' } }, personas.owner);
    await flip(!enabled);
    if ((await collectionStates()).get(id) !== !enabled) {
      notes.push(
        `reset: none (cases run once, in order; turning ${id}'s data collection over did not show in listProducts, so the target keeps no state a reset could undo)`,
      );
      return false;
    }
    const answered = (await call('resetSimulation', {}, personas.admin)).status;
    if ((await collectionStates()).get(id) === enabled) {
      notes.push(`reset: the data is reset between cases that change it (a change to ${id} was undone)`);
      return true;
    }
    await flip(enabled); // the target's data as it was
    notes.push(
      `reset: none (cases run once, in order; resetSimulation answered ${answered} and a change to ${id} stayed)`,
    );
    return false;
  };

  const probeClock = async (notes: string[]): Promise<boolean> => {
    const speed = 3;
    const set = await call('setSimulationClock', { body: { speed } }, personas.admin);
    const read = await call('getSimulationClock', {}, personas.admin);
    const works =
      set.status === 200 && read.status === 200 && (read.json as { speed?: unknown })?.speed === speed;
    if (set.status === 200) await call('setSimulationClock', { body: { speed: 1 } }, personas.admin);
    notes.push(
      works
        ? 'clock: its speed can be set'
        : `clock: none (setting the speed answered ${set.status}, reading it back ${read.status})`,
    );
    return works;
  };

  const simulator = {
    /** Finds what the simulator can do; throws NoAnswer when the target does not answer at all. */
    async detect(): Promise<Capabilities> {
      const notes: string[] = [];
      const reset = await probeReset(notes);
      const clock = await probeClock(notes);
      const faultable = await probeFaults(notes);
      capabilities = { reset, clock, faultable, simulator: clock || faultable.size > 0, notes };
      return capabilities;
    },
    async reset(): Promise<void> {
      if (capabilities.reset) await call('resetSimulation', {}, personas.admin);
    },
    async injectFault(operationId: string, status: number, code: string): Promise<boolean> {
      if (!capabilities.faultable.has(operationId)) return false;
      const answer = await call(
        'injectFault',
        { body: { operationId, status, code, count: 1 } },
        personas.admin,
      );
      return answer.status === 201;
    },
    async clearFaults(): Promise<void> {
      if (capabilities.faultable.size > 0) await call('clearFaults', {}, personas.admin);
    },
  };

  const progression = jobProgression(document);
  const context: CaseContext = {
    call,
    async uploadPdf(persona, section) {
      const boundary = 'conformance-upload';
      const data = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${section.toLowerCase()}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`;
      const answer = await call(
        'uploadAgentFiles',
        { params: { section }, raw: { contentType: `multipart/form-data; boundary=${boundary}`, data } },
        persona,
      );
      const id = (answer.json as Array<{ id?: string }> | undefined)?.[0]?.id;
      if (answer.status !== 201 || !id) throw new Error(`could not upload a document (${answer.status})`);
      return id;
    },
    async waitForJob(persona, jobId, seen) {
      const fast = capabilities.clock;
      if (fast) await call('setSimulationClock', { body: { speed: 100 } }, personas.admin);
      const seconds = options.lifecycleDeadlineMs / 1000;
      const deadline = Math.min(Date.now() + options.lifecycleDeadlineMs, options.deadlineAt ?? Infinity);
      // A job just created is listed at once; a list that never shows it fails sooner than the deadline.
      const listedBy = Date.now() + 10_000;
      let last = seen;
      try {
        while (Date.now() < deadline) {
          const answer = await call('listDownloadJobs', {}, persona);
          const job = (answer.json as Array<{ id: string; status: string }> | undefined)?.find(
            (j) => j.id === jobId,
          );
          if (!job && Date.now() > listedBy)
            throw new Error(`download job ${jobId} is not in ${persona}'s list of download jobs`);
          if (job) {
            const problem = progression.step(last, job.status);
            if (problem) throw new Error(`download job ${jobId}: ${problem}`);
            last = job.status;
            if (progression.isDone(job.status)) return;
            if (progression.isFinal(job.status)) throw new Error(`download job ${jobId} ended ${job.status}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        throw new Error(
          `download job ${jobId} did not complete within ${seconds} s (last seen ${last ?? 'nowhere'})`,
        );
      } finally {
        if (fast) await call('setSimulationClock', { body: { speed: 1 } }, personas.admin);
      }
    },
  };
  return { context, simulator };
}
