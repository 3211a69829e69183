import escapeMarkup from 'escape-html';
import type { CaseResult, RunReport } from '../run.ts';

const testcase = (className: string, result: CaseResult) => {
  const name = escapeMarkup(`${result.name}${result.persona ? ` [${result.persona}]` : ''}`);
  const open = `    <testcase classname="${escapeMarkup(className)}" name="${name}" time="${(result.ms / 1000).toFixed(3)}"`;
  if (result.skipped)
    return `${open}>\n      <skipped message="${escapeMarkup(result.skipped)}"/>\n    </testcase>`;
  if (result.passed) return `${open}/>`;
  const message = escapeMarkup(result.problems[0] ?? 'failed');
  return `${open}>\n      <failure message="${message}">${escapeMarkup(result.problems.join('\n'))}</failure>\n    </testcase>`;
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
  for (const scenario of report.scenarios) suite(`scenario: ${scenario.name}`, scenario.steps);
  const tests = report.results.length + report.scenarios.reduce((n, s) => n + s.steps.length, 0);
  const failures = report.total.failed;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract conformance: ${escapeMarkup(report.target)}" tests="${tests}" failures="${failures}" time="${(report.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
