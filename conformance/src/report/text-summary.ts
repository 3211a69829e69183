import { type CaseResult, failedCases, type RunReport } from '../run.ts';

const call = (result: CaseResult) => {
  const exchange = result.exchange;
  if (!exchange) return '';
  const answered = exchange.answer ? `HTTP ${exchange.answer.status}` : 'no answer';
  return `\n      ${exchange.request.method} ${exchange.request.url} → ${answered}`;
};

const line = (result: CaseResult) =>
  `  ✗ ${result.operationId} — ${result.name}${result.persona ? ` [${result.persona}]` : ''}${call(result)}\n${result.problems
    .map((problem) => `      ${problem}`)
    .join('\n')}`;

/** What the command prints at the end: how the run went, every failure by name, then the scores. */
export function textSummary(report: RunReport, threshold: number): string {
  const failures = failedCases(report);
  const lowest = report.operations
    .filter((o) => o.score < 100)
    .map((o) => `  ${o.operationId}: ${o.score} %`);
  const verdict = report.stopped
    ? `NOT JUDGED (stopped: ${report.stopped})`
    : report.total.score >= threshold
      ? 'PASS'
      : 'FAIL';
  return [
    '',
    ...report.notes.map((note) => `Note: ${note}`),
    report.excluded.length
      ? `Left out of the score: ${report.excluded.length} operations (${[...new Set(report.excluded.map((e) => e.reason))].join('; ')})`
      : '',
    failures.length ? `Failures (${failures.length}):\n${failures.map(line).join('\n')}` : 'No failures.',
    lowest.length ? `\nOperations below 100 %:\n${lowest.join('\n')}` : '',
    `\nScenarios: ${report.scenarios.filter((s) => s.passed).length}/${report.scenarios.length} passed`,
    `Total: ${report.total.score} % (${report.total.passed} passed, ${report.total.failed} failed, ${report.total.skipped} skipped) — threshold ${threshold} %: ${verdict}`,
  ]
    .filter((part) => part !== '')
    .join('\n');
}
