// npm run conformance -- --target URL [--threshold 95] [--persona-header | --bearer T | --cookie C |
//   --sign-in script.mjs] [--junit out.xml] [--html out.html] [--operation id ...] [--contract file]
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContract } from '@portal/contract/document';
import { htmlReport } from './report/html-report.ts';
import { junitReport } from './report/junit-report.ts';
import { textSummary } from './report/text-summary.ts';
import { runConformance } from './run.ts';
import type { SignInOption } from './sign-in.ts';

const usage = `Usage: npm run conformance -- --target URL [options]

  --target URL         the server under test (required)
  --threshold N        exit 1 when the total score is below N percent (default 100)
  --persona-header     sign in with X-User-Id: <persona email> (default; reference server outside production)
  --bearer TOKEN       send Authorization: Bearer TOKEN on every signed-in case
  --cookie COOKIE      send Cookie: COOKIE on every signed-in case
  --sign-in FILE       a module exporting async signIn({ target, persona }) => headers
  --junit FILE         write a JUnit XML report
  --html FILE          write an HTML report
  --operation ID       only this operation (repeatable); scenarios are skipped
  --contract FILE      check against this contract instead of the repository's openapi.yaml
`;

function signInOption(values: Record<string, unknown>): SignInOption {
  if (typeof values.bearer === 'string') return { kind: 'bearer', token: values.bearer };
  if (typeof values.cookie === 'string') return { kind: 'cookie', cookie: values.cookie };
  if (typeof values['sign-in'] === 'string') return { kind: 'script', file: values['sign-in'] };
  return { kind: 'persona-header' };
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      threshold: { type: 'string', default: '100' },
      'persona-header': { type: 'boolean' },
      bearer: { type: 'string' },
      cookie: { type: 'string' },
      'sign-in': { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
      operation: { type: 'string', multiple: true },
      contract: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.target) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const threshold = Number(values.threshold);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100) {
    console.error('--threshold must be a number from 0 to 100');
    return 2;
  }
  const report = await runConformance({
    target: values.target,
    signIn: signInOption(values),
    contract: values.contract ? loadContract(resolve(values.contract)) : undefined,
    operations: values.operation,
    log: (line) => console.log(line),
  });
  console.log(textSummary(report, threshold));
  if (values.junit) writeFileSync(values.junit, junitReport(report));
  if (values.html) writeFileSync(values.html, htmlReport(report, threshold));
  return report.total.score >= threshold ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
