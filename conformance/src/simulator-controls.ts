import type { Operation, RequestSpec } from './contract-operations.ts';
import type { HttpAnswer, HttpClient } from './http-client.ts';
import { type Persona, personas } from './personas.ts';
import type { CaseContext } from './plan-types.ts';

// The simulator operations, when the target has them (the reference server in development, test
// and demo modes): reset to the seeded data between cases that change it, injected faults, a
// faster clock for download jobs. A back end without them is run once, in order, without resets.

const empty = (): RequestSpec => ({ params: {}, query: {}, headers: {} });

export function createCaseContext(client: HttpClient, operations: Map<string, Operation>) {
  const call = (
    operationId: string,
    request: Partial<RequestSpec>,
    persona?: Persona,
  ): Promise<HttpAnswer> => {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`unknown operation ${operationId}`);
    return client.call(operation.method, operation.path, { ...empty(), ...request }, persona);
  };
  let available: boolean | undefined;

  const simulator = {
    /** Whether the target answers the simulator operations (checked once, by resetting it). */
    async available(): Promise<boolean> {
      available ??= (await call('resetSimulation', {}, personas.admin)).status === 204;
      return available;
    },
    async reset(): Promise<void> {
      if (await simulator.available()) await call('resetSimulation', {}, personas.admin);
    },
    async injectFault(operationId: string, status: number, code: string): Promise<boolean> {
      if (!(await simulator.available())) return false;
      const answer = await call(
        'injectFault',
        { body: { operationId, status, code, count: 1 } },
        personas.admin,
      );
      return answer.status === 201;
    },
    async clearFaults(): Promise<void> {
      if (await simulator.available()) await call('clearFaults', {}, personas.admin);
    },
  };

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
    async waitForJob(persona, jobId) {
      const fast = await simulator.available();
      if (fast) await call('setSimulationClock', { body: { speed: 100 } }, personas.admin);
      try {
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const answer = await call('listDownloadJobs', {}, persona);
          const job = (answer.json as Array<{ id: string; status: string }> | undefined)?.find(
            (j) => j.id === jobId,
          );
          if (job?.status === 'COMPLETED') return;
          if (job?.status === 'FAILED') throw new Error(`download job ${jobId} failed`);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        throw new Error(`download job ${jobId} did not complete within 60 s`);
      } finally {
        if (fast) await call('setSimulationClock', { body: { speed: 1 } }, personas.admin);
      }
    },
  };
  return { context, simulator };
}
