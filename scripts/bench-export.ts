// Export benchmark: one vehicle's year of one-minute telemetry with personal data (525,600 records),
// streamed to a zip by the server's export writer, against `zip -6` compressing the very same files
// (the export's entries, unpacked), timed in the same run. Peak RSS of the export is measured in a
// process of its own. Usage (from the repository root):
//   node --import tsx scripts/bench-export.ts [--runs 3] [--days 365]
//   node --import tsx scripts/bench-export.ts --days 30 --once   # one export, no comparison
import { spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { writeExport } from '../server/src/domain/export-writer.ts';
import { argument, printTable, runsArgument } from './bench/stats.ts';

const MB = 1024 * 1024;

interface ExportResult {
  days: number;
  records: number;
  zipBytes: number;
  elapsedMs: number;
  /** CPU time of every thread of the process during the export (zlib's threads included). */
  cpuMs: number;
  /** CPU time of the main thread alone: with idle cores, the export cannot be faster than this. */
  mainThreadCpuMs: number;
  peakRssMb: number;
  baselineRssMb: number;
}

/** One export in this process: time and peak RSS. */
async function exportOnce(days: number, destinationPath: string): Promise<ExportResult> {
  const from = new Date(Date.UTC(2025, 0, 1));
  const to = new Date(from.getTime() + days * 86_400_000);
  const baseline = process.memoryUsage.rss();
  let peakRss = baseline;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
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
      destinationPath,
    });
    return {
      days,
      records: summary.products[0]?.records ?? 0,
      zipBytes: summary.bytes,
      elapsedMs: performance.now() - started,
      cpuMs: cpuMs(process.cpuUsage(cpuBefore)),
      mainThreadCpuMs: mainThreadCpuMs() - mainBefore,
      peakRssMb: Math.max(peakRss, process.memoryUsage.rss()) / MB,
      baselineRssMb: baseline / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Runs one export in a fresh process, so one run's heap never inflates the next one's peak. */
function exportInChild(days: number, destinationPath: string): ExportResult {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--child', String(days), destinationPath],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.status !== 0) throw new Error(`export run failed (exit ${child.status})`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as ExportResult;
}

/** Unpacks every entry of the zip into `dir`, returning the entry paths. */
function unzipTo(zipPath: string, dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('Not a zip'));
      const names: string[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(names));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('Unreadable entry'));
          try {
            const target = join(dir, entry.fileName);
            await mkdir(dirname(target), { recursive: true });
            await pipeline(stream, createWriteStream(target));
            names.push(entry.fileName);
            zip.readEntry();
          } catch (pipeError) {
            reject(pipeError);
          }
        });
      });
      zip.readEntry();
    });
  });
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Fields of a /proc stat line after the command name (Linux; times in 10 ms ticks). */
function procStat(path: string): string[] {
  return readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

/** CPU time used by this process's finished children, in ms: cutime and cstime (fields 16, 17). */
function childrenCpuMs(): number {
  const fields = procStat('/proc/self/stat');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** CPU time of the main thread (its task id is the process id), in ms: utime and stime (14, 15). */
function mainThreadCpuMs(): number {
  const fields = procStat(`/proc/self/task/${process.pid}/stat`);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `zip -6` over the same files: wall and CPU time; null when the system has no zip. */
function timeSystemZip(dir: string, names: readonly string[]): { ms: number; cpuMs: number } | null {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync('zip', ['-6', '-q', '-X', join(dir, '..', 'reference.zip'), ...names], {
    cwd: dir,
  });
  if (result.error) return null;
  if (result.status !== 0) throw new Error(`zip -6 failed (exit ${result.status})`);
  return { ms: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore };
}

async function compare(days: number, runs: number): Promise<void> {
  const ours: ExportResult[] = [];
  const reference: { ms: number; cpuMs: number }[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-export-'));
    try {
      const zipPath = join(dir, 'export.zip');
      const result = exportInChild(days, zipPath);
      ours.push(result);
      const files = join(dir, 'files');
      await mkdir(files);
      const names = await unzipTo(zipPath, files);
      const zipped = timeSystemZip(files, names);
      if (zipped === null) {
        console.log(
          '`zip` is not installed (Debian/Ubuntu: apt-get install -y zip): no reference to compare with.',
        );
      } else {
        reference.push(zipped);
      }
      console.log(
        `run ${run}: export ${(result.elapsedMs / 1000).toFixed(2)} s (${result.records.toLocaleString('en-GB')} records, ` +
          `${(result.zipBytes / MB).toFixed(1)} MB, CPU ${(result.cpuMs / 1000).toFixed(2)} s, ` +
          `main thread ${(result.mainThreadCpuMs / 1000).toFixed(2)} s, ` +
          `peak RSS ${result.peakRssMb.toFixed(0)} MB)` +
          (zipped === null
            ? ''
            : `, zip -6 ${(zipped.ms / 1000).toFixed(2)} s (CPU ${(zipped.cpuMs / 1000).toFixed(2)} s)`),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const rows = [];
  if (reference.length === ours.length) {
    rows.push({
      figure: 'export speed vs zip -6 on the same files (zip time / export time)',
      unit: '×',
      values: ours.map((result, i) => (reference[i]?.ms ?? Number.NaN) / result.elapsedMs),
      target: '≥ 0.6',
      meets: (median: number) => median >= 0.6,
    });
    // Load-independent: CPU spent (all threads) for the same work; above 1 means less CPU than zip.
    rows.push({
      figure: 'export CPU vs zip -6 CPU (zip CPU / export CPU, all threads)',
      unit: '×',
      values: ours.map((result, i) => (reference[i]?.cpuMs ?? Number.NaN) / result.cpuMs),
    });
    // With two idle cores the export takes about max(main thread, all threads / 2); zip -6 its CPU time.
    rows.push({
      figure: 'model for 2 idle cores: zip CPU / max(export main-thread CPU, export CPU / 2)',
      unit: '×',
      values: ours.map(
        (result, i) =>
          (reference[i]?.cpuMs ?? Number.NaN) / Math.max(result.mainThreadCpuMs, result.cpuMs / 2),
      ),
    });
  }
  rows.push(
    {
      figure: 'export peak RSS',
      unit: 'MB',
      values: ours.map((result) => result.peakRssMb),
      target: '≤ 150',
      meets: (median: number) => median <= 150,
    },
    { figure: 'export time', unit: 's', values: ours.map((result) => result.elapsedMs / 1000) },
    { figure: 'export CPU time', unit: 's', values: ours.map((result) => result.cpuMs / 1000) },
    {
      figure: 'export main-thread CPU time',
      unit: 's',
      values: ours.map((result) => result.mainThreadCpuMs / 1000),
    },
  );
  if (reference.length > 0)
    rows.push(
      { figure: 'zip -6 time', unit: 's', values: reference.map(({ ms }) => ms / 1000) },
      { figure: 'zip -6 CPU time', unit: 's', values: reference.map((zipped) => zipped.cpuMs / 1000) },
    );
  const met = printTable(`Export of one vehicle, ${days} days of one-minute telemetry`, rows);
  if (!met || reference.length === 0) process.exitCode = 1;
}

const child = process.argv.indexOf('--child');
if (child >= 0) {
  const result = await exportOnce(Number(process.argv[child + 1]), process.argv[child + 2] as string);
  console.log(JSON.stringify(result));
} else {
  const days = Number(argument('--days') ?? 365);
  if (!Number.isInteger(days) || days < 1) throw new Error('--days takes a whole number of days');
  if (process.argv.includes('--once')) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-export-'));
    try {
      console.log(JSON.stringify(exportInChild(days, join(dir, 'export.zip'))));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    await compare(days, runsArgument());
  }
}
