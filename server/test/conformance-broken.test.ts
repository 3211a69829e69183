// The conformance kit catches a broken back end: each deliberate breakage fails, is named in the
// text, JUnit and HTML reports, and the command exits non-zero below the threshold.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '@portal/conformance/cli';
import { type RunReport, runConformance, shortfalls } from '@portal/conformance/run';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrokenServer, breakages, startBrokenServer } from './broken-server.ts';
import { type ListeningServer, startListeningServer } from './listening-server.ts';

const healthy = ['getCurrentUser', 'listInvitationEvents', 'createInvitation'];
const operations = [...Object.values(breakages), ...healthy];

let reference: ListeningServer;
let broken: BrokenServer;
let report: RunReport;

beforeAll(async () => {
  reference = await startListeningServer();
  broken = await startBrokenServer(reference.url);
  report = await runConformance({ target: broken.url, operations });
}, 120_000);
afterAll(async () => {
  await broken?.close();
  await reference?.close();
});

const failed = (operationId: string) =>
  report.results.filter(
    (r) => r.operationId === operationId && !r.passed && !r.skipped && r.kind !== 'invalid',
  );

describe('conformance kit against a deliberately broken server', () => {
  it('names the renamed field with its JSON pointer', () => {
    const problems = failed(breakages.renamedField).flatMap((r) => r.problems);
    expect(problems.join('\n')).toMatch(
      /body: \/vehicles\/0 must have required property 'dataCollectionEnabled'/,
    );
  });

  it('catches the dropped 404 on an unknown id', () => {
    const unknown = failed(breakages.droppedStatus).find((r) => r.name === 'unknown id');
    expect(unknown?.problems).toContain('expected status 404, got 200');
  });

  it("catches the leak of another tenant's row", () => {
    const leak = failed(breakages.leakedRow).find((r) => r.kind === 'authorisation');
    expect(leak?.persona).toBe('chargewise@example.com');
    expect(leak?.problems[0]).toBe('expected status 403 or 404, got 200');
  });

  it('catches the 500 and the missing error envelope', () => {
    const example = failed(breakages.serverError).find((r) => r.kind === 'example');
    expect(example?.problems).toEqual(
      expect.arrayContaining(['expected status 200, got 500', 'error 500 of listDownloadJobs is not JSON']),
    );
  });

  it('names the required response header that is missing', () => {
    const example = failed(breakages.droppedHeader).find((r) => r.kind === 'example');
    expect(example?.problems).toContain('getUserGuide 200 lacks the required header ETag');
  });

  it('passes the operations that are not broken, and scores the broken ones below 100 %', () => {
    for (const operationId of healthy) expect(failed(operationId)).toEqual([]);
    const scores = Object.fromEntries(report.operations.map((o) => [o.operationId, o.score]));
    for (const operationId of Object.values(breakages)) expect(scores[operationId]).toBeLessThan(100);
    expect(report.total.score).toBeLessThan(100);
  });

  it('lists a shortfall per failed case, named by operation, and none for a healthy operation', () => {
    const named = shortfalls(report).map((line) => line.split(' — ')[0]);
    for (const operationId of Object.values(breakages)) expect(named).toContain(operationId);
    for (const operationId of healthy) expect(named).not.toContain(operationId);
  });

  it('exits non-zero below the threshold and names every breakage in the JUnit and HTML reports', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-report-'));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const args = ['--target', broken.url, '--junit', join(dir, 'out.xml'), '--html', join(dir, 'out.html')];
      const only = Object.values(breakages).flatMap((id) => ['--operation', id]);
      expect(await main([...args, ...only, '--threshold', '95'])).toBe(1);
      const junit = await readFile(join(dir, 'out.xml'), 'utf8');
      const html = await readFile(join(dir, 'out.html'), 'utf8');
      for (const operationId of Object.values(breakages)) {
        expect(junit).toMatch(new RegExp(`<testsuite name="${operationId}" tests="\\d+" failures="[1-9]`));
        expect(html).toContain(`<strong>${operationId}</strong>`);
      }
      expect(junit).toContain('failure message="expected status 403 or 404, got 200"');
      expect(html).toContain('/vehicles/0 must have required property &#39;dataCollectionEnabled&#39;');
      expect(
        await main(['--target', broken.url, '--operation', 'getCurrentUser', '--threshold', '100']),
      ).toBe(0);
    } finally {
      vi.restoreAllMocks();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
