import escapeMarkup from 'escape-html';
import { describeExchange } from '../redact.ts';
import type { CaseResult, RunReport } from '../run.ts';

const verdict = (result: CaseResult) =>
  result.skipped
    ? '<span class="skip">skipped</span>'
    : result.passed
      ? '<span class="ok">pass</span>'
      : '<span class="bad">fail</span>';

const row = (result: CaseResult) => `<tr>
  <td>${verdict(result)}</td><td>${escapeMarkup(result.kind)}</td><td>${escapeMarkup(result.name)}</td>
  <td>${escapeMarkup(result.persona ?? '—')}</td><td>${result.status ?? '—'}</td>
  <td>${escapeMarkup(result.skipped ?? '')}${result.problems.map((p) => `<div>${escapeMarkup(p)}</div>`).join('')}${exchange(result)}</td>
</tr>`;

/** The request sent and the answer received, credentials redacted: enough to repeat the call. */
const exchange = (result: CaseResult) =>
  result.exchange
    ? `<details class="exchange"><summary>request and answer</summary><pre>${escapeMarkup(describeExchange(result.exchange))}</pre></details>`
    : '';

const list = (items: string[]) =>
  items.length ? `<ul>${items.map((item) => `<li>${escapeMarkup(item)}</li>`).join('')}</ul>` : '';

const table = (results: CaseResult[]) => `<div class="scroll"><table>
<thead><tr><th scope="col">result</th><th scope="col">kind</th><th scope="col">case</th><th scope="col">signed in as</th><th scope="col">status</th><th scope="col">problems</th></tr></thead>
<tbody>${results.map(row).join('\n')}</tbody>
</table></div>`;

/** One self-contained page a person can read: the total, a score per operation, every failure named. */
export function htmlReport(report: RunReport, threshold: number): string {
  const pass = report.total.score >= threshold;
  const operations = report.operations
    .map((operation) => {
      const results = report.results.filter((r) => r.operationId === operation.operationId);
      const uncovered = operation.uncovered
        .map(
          (u) => `<li>${escapeMarkup(u.status)} not produced${u.why ? `: ${escapeMarkup(u.why)}` : ''}</li>`,
        )
        .join('');
      return `<details${operation.score < 100 ? ' open' : ''}>
<summary><strong>${escapeMarkup(operation.operationId)}</strong> — ${operation.score} % (${operation.passed}/${operation.total})</summary>
${table(results)}${uncovered ? `<ul class="note">${uncovered}</ul>` : ''}
</details>`;
    })
    .join('\n');
  const scenarios = report.scenarios
    .map(
      (scenario) => `<details${scenario.passed || scenario.skipped ? '' : ' open'}>
<summary><strong>${escapeMarkup(scenario.name)}</strong> — ${scenario.skipped ? `skipped: ${escapeMarkup(scenario.skipped)}` : scenario.passed ? 'pass' : 'fail'}</summary>
${table(scenario.steps)}
</details>`,
    )
    .join('\n');
  const excluded = report.excluded.map((entry) => `${entry.operationId}: ${entry.reason}`);
  const verdict = report.stopped ? 'not judged' : pass ? 'pass' : 'fail';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contract conformance: ${report.total.score} % — ${escapeMarkup(report.target)}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 70rem; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.4rem; } .total { font-size: 1.2rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem; }
th, td { border-bottom: 1px solid #ddd; padding: .3rem .4rem; text-align: left; vertical-align: top; }
details { border: 1px solid #ccc; border-radius: 4px; margin: .4rem 0; padding: .3rem .6rem; }
summary { cursor: pointer; } .ok { color: #0a6b2d; font-weight: 600; } .bad { color: #a4000f; font-weight: 600; }
.skip { color: #595959; } .scroll { overflow-x: auto; } .note { color: #595959; font-size: .85rem; }
.exchange pre { white-space: pre-wrap; word-break: break-all; background: #f4f4f4; padding: .4rem; font-size: .8rem; }
</style>
</head>
<body>
<main>
<h1>Contract conformance of ${escapeMarkup(report.target)}</h1>
<p class="total">Total: <strong class="${pass ? 'ok' : 'bad'}">${report.total.score} %</strong>
(${report.total.passed} passed, ${report.total.failed} failed, ${report.total.skipped} skipped; threshold ${threshold} %: ${verdict})</p>
${report.stopped ? `<p class="bad" role="alert">The run stopped before every case ran: ${escapeMarkup(report.stopped)}. The score covers what ran.</p>` : ''}
<p>Run ${escapeMarkup(report.startedAt)} in ${(report.durationMs / 1000).toFixed(1)} s.</p>
${list(report.notes)}
<h2>The target's simulator</h2>
${list(report.capabilities.notes) || '<p>Not probed.</p>'}
${excluded.length ? `<h2>Left out of the score</h2>${list(excluded)}` : ''}
<h2>Scenarios</h2>
${scenarios || '<p>Not run.</p>'}
<h2>Operations</h2>
${operations}
</main>
</body>
</html>
`;
}
