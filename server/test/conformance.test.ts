// The contract's examples are real calls: the conformance kit runs every operation's example, every
// documented error it can produce and the lifecycles against the reference server through HTTP
// (fresh seeded database, test mode), and everything must pass.
import { runConformance, shortfalls } from '@portal/conformance/run';
import { describe, expect, it } from 'vitest';
import { useListeningRun } from './listening-server.ts';

const run = useListeningRun((target) => runConformance({ target }));

describe('conformance kit against the reference server', () => {
  it('scores 100 %: every case and every scenario passes', () => {
    expect(shortfalls(run.result)).toEqual([]);
    expect(run.result.total.score).toBe(100);
  });

  it('finds the reset by its effect: a change read back, then undone by resetSimulation', () => {
    expect(run.result.capabilities.reset).toBe(true);
    expect(run.result.capabilities.notes).toContainEqual(
      expect.stringMatching(
        /^reset: the data is reset between cases that change it \(a change to [\w-]+ was undone\)$/,
      ),
    );
  });

  it("runs every operation's example as a real call that succeeds on the demo data", () => {
    const examples = run.result.results.filter((r) => r.kind === 'example');
    expect(examples.map((r) => r.operationId).sort()).toEqual(
      run.result.operations.map((o) => o.operationId).sort(),
    );
    for (const example of examples) expect(example.status, example.operationId).toBeLessThan(400);
  });

  it('produces every documented status, or names why it cannot be produced here', () => {
    const unexplained = run.result.operations.flatMap((o) =>
      o.uncovered.filter((u) => !u.why).map((u) => `${o.operationId} ${u.status}`),
    );
    expect(unexplained).toEqual([]);
  });

  it("refuses another tenant's ids on every operation that takes one", () => {
    const authorisation = run.result.results.filter((r) => r.kind === 'authorisation');
    expect(authorisation.length).toBeGreaterThanOrEqual(10);
    for (const result of authorisation) expect([403, 404]).toContain(result.status);
  });
});
