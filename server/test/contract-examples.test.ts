// Every example of the contract is a real call: replayed exactly as written (no preparing call) on
// data freshly reset to the `demo` scenario, each answers its documented status and body. Tools that
// generate requests from the examples (Specmatic, Portman, Prism) depend on this.
import { listOperations } from '@portal/conformance/contract-operations';
import { unproducibleErrors } from '@portal/conformance/error-examples';
import { type ExampleReplay, replayExamples, unreplayable } from '@portal/conformance/example-replay';
import { loadContract } from '@portal/contract/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningServer, startListeningServer } from './listening-server.ts';

let server: ListeningServer;
let replays: ExampleReplay[];

beforeAll(async () => {
  server = await startListeningServer();
  replays = await replayExamples({ target: server.url });
}, 180_000);
afterAll(() => server?.close());

describe("the contract's examples against the reference server", () => {
  it('answers every operation its documented status and example body', () => {
    const failures = replays
      .filter((replay) => replay.problems.length > 0)
      .map((r) => `${r.operationId} (${r.persona ?? 'signed out'}): ${r.problems.join('; ')}`);
    expect(failures).toEqual([]);
    const operations = replays.filter((replay) => !replay.operationId.includes(' '));
    expect(operations.length + Object.keys(unreplayable).length).toBe(listOperations(loadContract()).length);
  });

  it('produces every documented error example, or names why it cannot', () => {
    const documented = Object.keys(
      (loadContract().components as { responses: Record<string, { content?: object }> }).responses,
    ).filter((name) => !name.startsWith('Head') && !name.startsWith('Pdf'));
    const replayed = new Set(replays.map((replay) => replay.operationId.split(/[. ]/)[0]));
    expect(documented.filter((name) => !replayed.has(name) && !unproducibleErrors[name])).toEqual([]);
  });

  it('leaves out only the reviewed examples, each with its reason', () => {
    expect(Object.keys(unreplayable)).toEqual(['listSimulationCalls']);
    for (const reason of Object.values(unreplayable)) expect(reason.length).toBeGreaterThan(20);
  });
});
