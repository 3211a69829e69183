// Export benchmark: one vehicle, one-minute telemetry with personal data, streamed to a zip.
// Usage (from the repository root):
//   node --import tsx scripts/bench-export.ts                # a full year (525,600 records)
//   node --import tsx scripts/bench-export.ts --days 30      # a month
//   node --import tsx scripts/bench-export.ts --days 30,365  # each in its own process, to compare memory
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeExport } from '../server/src/domain/export-writer.ts';

const MB = 1024 * 1024;

function daysArgument(): number[] {
  const index = process.argv.indexOf('--days');
  const value = index >= 0 ? process.argv[index + 1] : '365';
  const days = (value ?? '').split(',').map(Number);
  if (days.length === 0 || days.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error('--days takes whole numbers of days, e.g. --days 30 or --days 30,365');
  }
  return days;
}

async function run(days: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-export-'));
  const from = new Date(Date.UTC(2025, 0, 1));
  const to = new Date(from.getTime() + days * 86_400_000);
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 50);
  const started = performance.now();
  try {
    const summary = await writeExport({
      products: [
        {
          id: 'bench-vehicle',
          productType: 'VEHICLE',
          externalId: 'WVWZZZ1JZXW123456',
          label: 'Benchmark vehicle',
          periods: [{ from, to }],
          includeSensitiveData: true,
        },
      ],
      generatedAt: to,
      requestedBy: 'bench@example.com',
      destinationPath: join(dir, 'export.zip'),
    });
    const elapsedMs = Math.round(performance.now() - started);
    clearInterval(sampler);
    const records = summary.products[0]?.records ?? 0;
    const result = {
      days,
      records,
      zipBytes: summary.bytes,
      elapsedMs,
      recordsPerSecond: Math.round(records / (elapsedMs / 1000)),
      baselineRssMb: +(baseline.rss / MB).toFixed(1),
      peakRssMb: +(peakRss / MB).toFixed(1),
      peakHeapUsedMb: +(peakHeap / MB).toFixed(1),
      node: process.version,
    };
    console.log(JSON.stringify(result));
    console.log(
      `${days} days: ${records.toLocaleString('en-GB')} records, zip ${(summary.bytes / MB).toFixed(1)} MB, ` +
        `${(elapsedMs / 1000).toFixed(1)} s, peak RSS ${result.peakRssMb} MB (baseline ${result.baselineRssMb} MB), ` +
        `peak heap used ${result.peakHeapUsedMb} MB`,
    );
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
  }
}

const days = daysArgument();
if (days.length === 1) {
  await run(days[0] ?? 365);
} else {
  // Separate processes, so one run's heap does not inflate the other's peak.
  for (const n of days) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--days', String(n)],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
}
