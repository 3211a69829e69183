// npm run conformance -- --target URL [options] (see `usage`). Exit status: 0 at or above the
// threshold, 1 below it, 2 when the kit could not judge (bad options, target unreachable, deadline);
// the JUnit and HTML reports are written in every case, with whatever the run has.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContract } from '@portal/contract/document';
import { htmlReport } from './report/html-report.ts';
import { junitReport } from './report/junit-report.ts';
import { textSummary } from './report/text-summary.ts';
import { type RunOptions, type RunReport, runConformance } from './run.ts';
import type { SignInOption } from './sign-in.ts';

const usage = `Usage: portal-conformance --target URL [options]
       (in the repository: npm run conformance -- --target URL [options])

  --target URL              the server under test (required; a path prefix is kept)
  --threshold N             exit 1 when the total score is below N percent (default 100)
  --persona-header          sign in with X-User-Id: <persona email> (default; the reference server in test mode)
  --sign-in FILE            a module exporting async signIn({ target, persona }) => headers: each persona
                            its own identity, so roles and tenants are tested
  --bearer TOKEN            send Authorization: Bearer TOKEN on every signed-in case (one identity:
                            role and tenant cases are skipped)
  --cookie COOKIE           send Cookie: COOKIE on every signed-in case (one identity, as --bearer)
  --origin URL              send Origin: URL on every request (default: none, as any non-browser client)
  --include-tag TAG         only operations with this tag (repeatable); 'simulation' scores the
                            simulator's operations even where it does not act
  --exclude-tag TAG         leave out operations with this tag (repeatable)
  --operation ID            only this operation (repeatable); lifecycles are skipped
  --request-timeout S       seconds one request may take (default 30)
  --deadline S              seconds the whole run may take (default 1800); the rest is reported as not run
  --lifecycle-deadline S    seconds a lifecycle waits for a download job (default 120)
  --junit FILE              write a JUnit XML report
  --html FILE               write an HTML report
  --contract FILE           check against this contract instead of the repository's openapi.yaml

Exit status: 0 at or above the threshold, 1 below it, 2 when the run could not judge the target
(bad options, target unreachable, deadline passed). Reports are written in every case.
`;

const options = {
  target: { type: 'string' },
  threshold: { type: 'string', default: '100' },
  'persona-header': { type: 'boolean' },
  bearer: { type: 'string' },
  cookie: { type: 'string' },
  'sign-in': { type: 'string' },
  origin: { type: 'string' },
  'include-tag': { type: 'string', multiple: true },
  'exclude-tag': { type: 'string', multiple: true },
  operation: { type: 'string', multiple: true },
  'request-timeout': { type: 'string', default: '30' },
  deadline: { type: 'string', default: '1800' },
  'lifecycle-deadline': { type: 'string', default: '120' },
  junit: { type: 'string' },
  html: { type: 'string' },
  contract: { type: 'string' },
  help: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];

function signInOption(values: Values): SignInOption {
  const given = [values['persona-header'], values.bearer, values.cookie, values['sign-in']].filter(
    (value) => value !== undefined,
  );
  if (given.length > 1) throw new Error('give one of --persona-header, --sign-in, --bearer and --cookie');
  if (typeof values.bearer === 'string') return { kind: 'bearer', token: values.bearer };
  if (typeof values.cookie === 'string') return { kind: 'cookie', cookie: values.cookie };
  if (typeof values['sign-in'] === 'string') return { kind: 'script', file: values['sign-in'] };
  return { kind: 'persona-header' };
}

const seconds = (name: string, value: string | undefined) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`--${name} must be a number of seconds above 0`);
  return number * 1000;
};

function runOptions(values: Values, log: (line: string) => void): RunOptions & { threshold: number } {
  if (!values.target) throw new Error('--target is required');
  try {
    const url = new URL(values.target);
    if (!/^https?:$/.test(url.protocol)) throw new Error();
  } catch {
    throw new Error(`--target must be an http(s) URL, not ${values.target}`);
  }
  if (values.origin !== undefined && !/^https?:\/\/[^/]+$/.test(values.origin))
    throw new Error(`--origin must be an origin such as https://portal.example, not ${values.origin}`);
  const threshold = Number(values.threshold);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100)
    throw new Error('--threshold must be a number from 0 to 100');
  return {
    target: values.target,
    threshold,
    signIn: signInOption(values),
    contract: values.contract ? loadContract(resolve(values.contract)) : undefined,
    operations: values.operation,
    includeTags: values['include-tag'],
    excludeTags: values['exclude-tag'],
    origin: values.origin,
    requestTimeoutMs: seconds('request-timeout', values['request-timeout']),
    deadlineMs: seconds('deadline', values.deadline),
    lifecycleDeadlineMs: seconds('lifecycle-deadline', values['lifecycle-deadline']),
    log,
  };
}

export async function main(argv: string[]): Promise<number> {
  let values: Values;
  let run: RunOptions & { threshold: number };
  try {
    values = parseArgs({ args: argv, options, strict: true }).values;
    if (values.help) {
      console.log(usage);
      return 0;
    }
    run = runOptions(values, (line) => console.log(line));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  let report: RunReport;
  try {
    report = await runConformance(run);
  } catch (error) {
    // The kit itself failed: say so, and still leave reports that say the run did not happen.
    console.error(`the conformance run failed: ${(error as Error).stack ?? error}`);
    report = {
      target: run.target,
      startedAt: new Date().toISOString(),
      durationMs: 0,
      stopped: `the kit failed: ${(error as Error).message}`,
      capabilities: { reset: false, clock: false, simulator: false, faultable: 0, notes: [] },
      notes: [],
      excluded: [],
      results: [],
      scenarios: [],
      operations: [],
      total: { passed: 0, failed: 0, skipped: 0, score: 0 },
    };
  }
  console.log(textSummary(report, run.threshold));
  if (values.junit) writeFileSync(values.junit, junitReport(report));
  if (values.html) writeFileSync(values.html, htmlReport(report, run.threshold));
  if (report.stopped) return 2;
  return report.total.score >= run.threshold ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
