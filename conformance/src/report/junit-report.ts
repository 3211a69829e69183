import escapeMarkup from 'escape-html';
import { describeExchange } from '../redact.ts';
import type { CaseResult, RunReport } from '../run.ts';

const testcase = (className: string, result: CaseResult) => {
  const name = escapeMarkup(`${result.name}${result.persona ? ` [${result.persona}]` : ''}`);
  const open = `    <testcase classname="${escapeMarkup(className)}" name="${name}" time="${(result.ms / 1000).toFixed(3)}"`;
  if (result.skipped)
    return `${open}>\n      <skipped message="${escapeMarkup(result.skipped)}"/>\n    </testcase>`;
  if (result.passed) return `${open}/>`;
  const message = escapeMarkup(result.problems[0] ?? 'failed');
  // The request and answer go into the failure's text, where CI systems show them beside the message.
  const details = [
    ...result.problems,
    ...(result.exchange ? ['', describeExchange(result.exchange)] : []),
  ].join('\n');
  return `${open}>\n      <failure message="${message}">${escapeMarkup(details)}</failure>\n    </testcase>`;
};

/** JUnit XML: one test suite per operation and per scenario, one test case per case or step. */
export function junitReport(report: RunReport): string {
  const suites: string[] = [];
  const suite = (name: string, results: CaseResult[]) => {
    const failures = results.filter((r) => !r.passed && !r.skipped).length;
    const skipped = results.filter((r) => r.skipped).length;
    const time = results.reduce((sum, r) => sum + r.ms, 0) / 1000;
    suites.push(
      `  <testsuite name="${escapeMarkup(name)}" tests="${results.length}" failures="${failures}" skipped="${skipped}" time="${time.toFixed(3)}">\n${results
        .map((r) => testcase(name, r))
        .join('\n')}\n  </testsuite>`,
    );
  };
  for (const operation of report.operations) {
    suite(
      operation.operationId,
      report.results.filter((r) => r.operationId === operation.operationId),
    );
  }
  for (const scenario of report.scenarios) {
    const steps = scenario.skipped
      ? [
          {
            operationId: '',
            kind: 'scenario' as const,
            name: scenario.name,
            passed: false,
            skipped: scenario.skipped,
            problems: [],
            ms: 0,
          },
        ]
      : scenario.steps;
    suite(`scenario: ${scenario.name}`, steps);
  }
  if (report.stopped) {
    // CI shows a run that could not judge the target as an error, not as a pass or a low score.
    suites.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" time="0">\n    <testcase classname="run" name="the whole run">\n      <error message="${escapeMarkup(report.stopped)}"/>\n    </testcase>\n  </testsuite>`,
    );
  }
  const tests = suites.join('\n').split('<testcase ').length - 1;
  const failures = report.total.failed;
  const errors = report.stopped ? 1 : 0;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract conformance: ${escapeMarkup(report.target)}" tests="${tests}" failures="${failures}" errors="${errors}" time="${(report.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
