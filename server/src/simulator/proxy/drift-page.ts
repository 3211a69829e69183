import escapeHtml from 'escape-html';
import type { ProxyConfig } from '../../proxy-config.ts';
import type { Drift, Fallback } from './contract-drift.ts';

const shown = (value: unknown) =>
  value === undefined ? '—' : escapeHtml(JSON.stringify(value).slice(0, 200));

/** /proxy/drift: the validating proxy's findings as one plain page (newest first). */
export function renderDriftPage(
  proxy: ProxyConfig,
  drifts: readonly Drift[],
  fallbacks: readonly Fallback[],
): string {
  const fallback = [
    proxy.fallback.unimplemented ? 'operations the back end does not implement' : '',
    ...proxy.fallback.operations,
  ].filter(Boolean);
  const rows = drifts
    .map(
      (
        d,
      ) => `<tr><td>${escapeHtml(d.at)}</td><td>${escapeHtml(d.operationId)}</td><td>${escapeHtml(`${d.method} ${d.path}`)}</td>
<td>${d.direction}</td><td>${d.status}</td><td><code>${escapeHtml(d.pointer)}</code></td><td><code>${shown(d.value)}</code></td><td>${escapeHtml(d.message)}</td></tr>`,
    )
    .join('\n');
  const fallbackRows = fallbacks
    .map(
      (f) =>
        `<tr><td>${escapeHtml(f.operationId)}</td><td>${escapeHtml(f.reason)}</td><td>${f.count}</td><td>${escapeHtml(f.at)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contract drift</title>
<style>body{font:15px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border-bottom:1px solid #ddd;padding:.3rem .4rem;text-align:left;vertical-align:top}code{word-break:break-all}.scroll{overflow-x:auto}</style>
</head>
<body><main>
<h1>Contract drift</h1>
<p>${proxy.target ? `Forwarding to <strong>${escapeHtml(proxy.target)}</strong>.` : 'The validating proxy is off: set <code>PROXY_TARGET</code> to a back end.'}
Answered by the simulation: ${fallback.length ? escapeHtml(fallback.join(', ')) : 'nothing'}.</p>
<h2>Fallbacks</h2>
${
  fallbacks.length === 0
    ? '<p>No operation fell back to the simulation.</p>'
    : `<div class="scroll"><table><caption>${fallbacks.length} operations answered by the simulation instead of the back end, latest first</caption>
<thead><tr><th scope="col">operation</th><th scope="col">latest reason</th><th scope="col">times</th><th scope="col">latest</th></tr></thead>
<tbody>${fallbackRows}</tbody></table></div>`
}
<h2>Drift</h2>
${
  drifts.length === 0
    ? '<p>No drift recorded.</p>'
    : `<div class="scroll"><table><caption>${drifts.length} departures from the contract, newest first</caption>
<thead><tr><th scope="col">when</th><th scope="col">operation</th><th scope="col">request</th><th scope="col">in</th><th scope="col">status</th><th scope="col">pointer</th><th scope="col">value</th><th scope="col">contract says</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
</main></body></html>
`;
}
