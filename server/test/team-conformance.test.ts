// The conformance kit against two instances on one PostgreSQL database, requests alternating (issue 24):
// a balancer in front sends each request to the next instance in turn, so every lifecycle, reset and
// fault of the kit crosses instances. Nothing is sticky, so the score must be the one of one instance.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunReport, runConformance, shortfalls } from '@portal/conformance/run';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTeam } from './team.ts';

const team = useTeam({ instances: 2 });
let balancer: Server;
let report: RunReport;
const served = [0, 0];

/** Round robin over the team's instances, one request each in turn, bodies and headers passed through. */
function startBalancer(): Promise<string> {
  let next = 0;
  balancer = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % team.instances.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(team.instances[index]?.url ?? '');
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    balancer.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(balancer.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const target = await startBalancer();
  report = await runConformance({ target });
}, 300_000);
afterAll(() => new Promise<void>((resolve) => (balancer ? balancer.close(() => resolve()) : resolve())));

describe('conformance kit against two instances, requests alternating', () => {
  it('scores 100 %: every case and every scenario passes across instances', () => {
    expect(shortfalls(report)).toEqual([]);
    expect(report.total.score).toBe(100);
  });

  it('both instances served the run', () => {
    expect(Math.min(...served)).toBeGreaterThan(100);
    expect(Math.abs((served[0] ?? 0) - (served[1] ?? 0))).toBeLessThanOrEqual(1);
  });
});
