// Shared by the scripts/bench-*.ts benchmarks: min/median/max over runs and a plain-text table.

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread() needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { min: sorted[0] as number, median, max: sorted[sorted.length - 1] as number };
}

/** The value after a command-line flag, e.g. `argument('--days')`. */
export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Number of runs: `--runs N` or BENCH_RUNS, at least 3 so min/median/max mean something. */
export function runsArgument(fallback = 3): number {
  const raw = argument('--runs') ?? process.env.BENCH_RUNS;
  const runs = raw ? Number(raw) : fallback;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number, got "${raw}"`);
  return runs;
}

export interface Row {
  figure: string;
  unit: string;
  values: readonly number[];
  /** Target as text, e.g. "≥ 5×"; shown beside the figures. */
  target?: string;
  /** Whether the median meets the target. */
  meets?: (median: number) => boolean;
}

const format = (value: number) =>
  Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);

/** Prints min/median/max per figure; returns false when a figure misses its target. */
export function printTable(title: string, rows: readonly Row[]): boolean {
  let allMet = true;
  const lines = rows.map((row) => {
    const { min, median, max } = spread(row.values);
    const met = row.meets ? row.meets(median) : undefined;
    if (met === false) allMet = false;
    const verdict = met === undefined ? '' : met ? 'ok' : 'MISSED';
    return [row.figure, row.unit, format(min), format(median), format(max), row.target ?? '', verdict];
  });
  const header = ['figure', 'unit', 'min', 'median', 'max', 'target', ''];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const render = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(`\n${title} (${rows[0]?.values.length ?? 0} runs)`);
  console.log(render(header));
  console.log(render(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(render(line));
  return allMet;
}
