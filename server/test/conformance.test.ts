// The contract's examples are real calls: the conformance kit runs every operation's example, every
// documented error it can produce and the lifecycles against the reference server through HTTP
// (fresh seeded database, test mode), and everything must pass.
import { type RunReport, runConformance, shortfalls } from '@portal/conformance/run';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningServer, startListeningServer } from './listening-server.ts';

let server: ListeningServer;
let report: RunReport;

beforeAll(async () => {
  server = await startListeningServer();
  report = await runConformance({ target: server.url });
}, 180_000);
afterAll(() => server?.close());

describe('conformance kit against the reference server', () => {
  it('scores 100 %: every case and every scenario passes', () => {
    expect(shortfalls(report)).toEqual([]);
    expect(report.total.score).toBe(100);
  });

  it('finds the reset by its effect: a change read back, then undone by resetSimulation', () => {
    expect(report.capabilities.reset).toBe(true);
    expect(report.capabilities.notes).toContainEqual(
      expect.stringMatching(
        /^reset: the data is reset between cases that change it \(a change to [\w-]+ was undone\)$/,
      ),
    );
  });

  it("runs every operation's example as a real call that succeeds on the demo data", () => {
    const examples = report.results.filter((r) => r.kind === 'example');
    expect(examples.map((r) => r.operationId).sort()).toEqual(
      report.operations.map((o) => o.operationId).sort(),
    );
    for (const example of examples) expect(example.status, example.operationId).toBeLessThan(400);
  });

  it('produces every documented status, or names why it cannot be produced here', () => {
    const unexplained = report.operations.flatMap((o) =>
      o.uncovered.filter((u) => !u.why).map((u) => `${o.operationId} ${u.status}`),
    );
    expect(unexplained).toEqual([]);
  });

  it("refuses another tenant's ids on every operation that takes one", () => {
    const authorisation = report.results.filter((r) => r.kind === 'authorisation');
    expect(authorisation.length).toBeGreaterThanOrEqual(10);
    for (const result of authorisation) expect([403, 404]).toContain(result.status);
  });
});
