// The kit judges back ends nobody here wrote: a mock that knows only the contract (no simulator),
// one that crashes mid-run and one that never answers. Each run ends with the right exit status and
// its reports, within its deadline.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContract } from '@portal/contract/document';
import { exampleAnswer } from '@portal/contract/examples';
import { indexOperations } from '@portal/contract/operations';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.ts';
import { runConformance } from '../src/run.ts';
import { type ContractMock, startContractMock } from './contract-mock.ts';

const dir = mkdtempSync(join(tmpdir(), 'conformance-kit-'));
const index = indexOperations(loadContract());
const simulatorOperations = index.tagged('simulation').map((operation) => operation.operationId);
const mocks: ContractMock[] = [];
const start = async (options: Parameters<typeof startContractMock>[0] = {}) => {
  const mock = await startContractMock(options);
  mocks.push(mock);
  return mock;
};

/** Runs the command as an integrator would, with its reports; answers the exit status, the time taken and the reports. */
async function command(name: string, args: string[]) {
  const junit = join(dir, `${name}.xml`);
  const html = join(dir, `${name}.html`);
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => printed.push(line));
  const t0 = Date.now();
  const status = await main([...args, '--junit', junit, '--html', html]);
  const seconds = (Date.now() - t0) / 1000;
  vi.restoreAllMocks();
  return {
    status,
    seconds,
    junit: readFileSync(junit, 'utf8'),
    html: readFileSync(html, 'utf8'),
    printed: printed.join('\n'),
  };
}

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('against a mock that knows only the contract (no simulator)', () => {
  let mock: ContractMock;
  let run: Awaited<ReturnType<typeof command>>;
  beforeAll(async () => {
    mock = await start();
    run = await command('mock', ['--target', mock.url, '--deadline', '240']);
  }, 300_000);

  it('ends below the threshold with exit status 1 and both reports, within its deadline', () => {
    expect(run.status).toBe(1);
    expect(run.seconds).toBeLessThan(240);
    expect(run.junit).toMatch(/^<\?xml/);
    expect(run.html).toContain('Contract conformance of');
  });

  it("leaves the simulator's operations out of the score, saying why", () => {
    expect(simulatorOperations.length).toBeGreaterThan(15);
    for (const operationId of simulatorOperations) {
      expect(run.junit).not.toContain(`<testsuite name="${operationId}"`);
      expect(run.html).toContain(`${operationId}: the target has no simulator`);
    }
    expect(run.printed).toContain(`Left out of the score: ${simulatorOperations.length} operations`);
  });

  it('finds that faults do not take effect, and skips the fault cases instead of failing them', () => {
    expect(run.html).toMatch(
      /faults: none \(a fault injected into \w+ answered 201, then the call answered 200\)/,
    );
    expect(run.html).toContain('clock: none');
    // The mock answers resetSimulation 204 too, but keeps no state: no reset is found, cases run once.
    expect(run.html).toMatch(
      /reset: none \(cases run once, in order; turning [\w-]+&#39;s data collection over did not show in listProducts/,
    );
    expect(run.junit).not.toMatch(/expected status 500, got 200/);
    expect(run.junit).toContain('skipped message="the target has no simulator whose faults take effect"');
  });

  it('shows the request and the answer of every failure', () => {
    // Every invalid variant gets the example back: the mock validates nothing.
    expect(run.junit).toMatch(
      /<failure message="expected status [^"]*, got \d+">[^<]*\n\n(GET|POST|PUT|DELETE) \/api\/[^\n]*\naccept: /,
    );
    expect(run.html).toContain('<summary>request and answer</summary>');
    expect(run.html).toMatch(/HTTP 200\n(?:[\w-]+: [^\n]*\n)*content-type: application\/json/);
  });

  it('sends no Origin header (a non-browser client)', () => {
    expect(mock.requests.length).toBeGreaterThan(100);
    const withOrigin = mock.requests.filter((request) => request.headers.origin !== undefined);
    // Only the cross-site cases send one, and it is another site's.
    expect(new Set(withOrigin.map((request) => request.headers.origin))).toEqual(
      new Set(['https://attacker.example']),
    );
  });
});

describe('against a target that crashes mid-run', () => {
  it('stops at once with exit status 2 and reports what ran and what did not', async () => {
    const mock = await start({ dieAfter: 120 });
    const run = await command('crash', ['--target', mock.url, '--deadline', '60']);
    expect(run.status).toBe(2);
    expect(run.seconds).toBeLessThan(60);
    expect(run.printed).toMatch(/NOT JUDGED \(stopped: the target stopped answering \(no answer: [\w ]+\)\)/);
    expect(run.junit).toMatch(/<error message="the target stopped answering \(no answer: [\w ]+\)"\/>/);
    expect(run.junit).toMatch(/<testcase [^>]*>\n\s*<skipped message="not run: the target stopped answering/);
    expect(run.html).toContain('The run stopped before every case ran: the target stopped answering');
    // What ran before the crash is in the report, the call that found it with its request.
    expect(run.junit).toMatch(/<failure message="no answer: [^"]+">/);
  }, 90_000);
});

describe('against a target that never answers', () => {
  it('gives up after the request timeout with exit status 2 and the reports', async () => {
    const mock = await start({ silent: true });
    const run = await command('silent', ['--target', mock.url, '--request-timeout', '1', '--deadline', '30']);
    expect(run.status).toBe(2);
    expect(run.seconds).toBeLessThan(10);
    expect(run.printed).toContain('stopped: the target did not answer (no answer within 1 s)');
    expect(run.junit).toContain('errors="1"');
    expect(run.html).toContain('The run stopped before every case ran: the target did not answer');
  }, 30_000);

  it('stops at the run deadline with exit status 2', async () => {
    const mock = await start();
    const run = await command('deadline', ['--target', mock.url, '--deadline', '1']);
    expect(run.status).toBe(2);
    expect(run.seconds).toBeLessThan(15);
    expect(run.printed).toContain("stopped: the run's deadline of 1 s passed");
  }, 30_000);
});

describe('options', () => {
  it('answers exit status 2 with the usage for bad options', async () => {
    for (const args of [
      [],
      ['--target', 'not a url'],
      ['--target', 'http://localhost:1', '--threshold', '101'],
      ['--target', 'http://localhost:1', '--no-such-option'],
      ['--target', 'http://localhost:1', '--bearer', 'a', '--cookie', 'b'],
      ['--target', 'http://localhost:1', '--origin', 'http://example.com/path'],
    ]) {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await main(args), args.join(' ')).toBe(2);
      vi.restoreAllMocks();
    }
  });

  it('with one identity (--bearer), skips the role and tenant cases and the lifecycles, and hides the token', async () => {
    const mock = await start();
    const token = 'secret-token-0123456789';
    const run = await command('bearer', [
      '--target',
      mock.url,
      '--bearer',
      token,
      '--include-tag',
      'invitations',
    ]);
    expect(run.printed).toContain('Note: one identity for every persona (--bearer or --cookie)');
    expect(run.junit).toMatch(
      /name="another role \(fleet@example.com\) \[fleet@example.com\]"[^>]*>\n\s*<skipped message="one identity/,
    );
    expect(run.junit).toMatch(/name="scenario: invitation lifecycle[^"]*"[^>]*skipped="1"/);
    expect(`${run.junit}${run.html}`).not.toContain(token);
    expect(run.html).toContain('authorization: Bearer [redacted]');
  }, 120_000);

  it('sends --origin on every request, and keeps a path prefix of the target', async () => {
    const mock = await start();
    await runConformance({
      target: `${mock.url}/`,
      origin: 'https://portal.example',
      operations: ['listProducts'],
    });
    expect(
      mock.requests.every((r) =>
        ['https://portal.example', 'https://attacker.example'].includes(String(r.headers.origin)),
      ),
    ).toBe(true);
    const prefixed = await start();
    await runConformance({ target: `${prefixed.url}/portal`, operations: ['getHealth'] });
    expect(prefixed.requests.every((r) => r.url.startsWith('/portal/'))).toBe(true);
  }, 60_000);

  it('scores only the tags asked for, and the simulator only where asked', async () => {
    const mock = await start();
    const report = await runConformance({
      target: mock.url,
      includeTags: ['meta', 'simulation'],
      excludeTags: ['auth'],
    });
    const scored = new Set(report.operations.map((operation) => operation.operationId));
    expect(scored.has('getHealth')).toBe(true);
    expect(scored.has('resetSimulation')).toBe(true);
    expect(scored.has('listProducts')).toBe(false);
    expect(report.excluded).toEqual([]);
    const without = await runConformance({
      target: mock.url,
      excludeTags: ['meta', 'simulation'],
      operations: ['getHealth', 'listProducts'],
    });
    expect(without.operations.map((operation) => operation.operationId)).toEqual(['listProducts']);
    expect(without.excluded).toEqual([{ operationId: 'getHealth', reason: '--exclude-tag meta' }]);
  }, 120_000);
});

describe('lifecycles follow the progression the contract allows', () => {
  const job = exampleAnswer(index.get('createProductsDownload') ?? index.operations[0] ?? ({} as never))
    .body as Record<string, unknown>;
  const quick = (statuses: string[]) => {
    let reads = 0;
    return {
      createProductsDownload: () => ({ status: 201, headers: {}, body: { ...job, status: statuses[0] } }),
      listDownloadJobs: () => {
        const status = statuses[Math.min(++reads, statuses.length - 1)];
        return { status: 200, headers: {}, body: [{ ...job, status }] };
      },
    };
  };
  const exportLifecycle = async (statuses: string[]) => {
    const mock = await start({ answers: quick(statuses) });
    const report = await runConformance({
      target: mock.url,
      includeTags: ['downloads'],
      lifecycleDeadlineMs: 5_000,
    });
    return report.scenarios.find((scenario) => scenario.name.startsWith('export job progression'));
  };

  it('accepts a back end that answers a new job already COMPLETED (its link at once)', async () => {
    const scenario = await exportLifecycle(['COMPLETED']);
    expect(scenario?.steps.flatMap((step) => step.problems)).toEqual([]);
    expect(scenario?.passed).toBe(true);
  }, 60_000);

  it('fails a move the contract does not allow, and a job that never ends, by the deadline', async () => {
    const backwards = await exportLifecycle(['RUNNING', 'CREATED']);
    expect(backwards?.steps.flatMap((step) => step.problems).join('\n')).toMatch(
      /moved from RUNNING to CREATED/,
    );
    const stuck = await exportLifecycle(['CREATED', 'RUNNING']);
    expect(stuck?.steps.flatMap((step) => step.problems).join('\n')).toMatch(
      /did not complete within 5 s \(last seen RUNNING\)/,
    );
  }, 60_000);
});
