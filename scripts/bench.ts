// `npm run bench`: runs every scripts/bench-*.ts one after another (each in its own process, so one
// benchmark's memory and JIT state never colour the next) and ends with a one-line verdict per
// benchmark. Each prints its own figures as ratios against a reference measured in the same run, with
// min/median/max over runs. Extra arguments are passed to every benchmark (e.g. `-- --runs 5`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = dirname(fileURLToPath(import.meta.url));
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const benches = readdirSync(scripts)
  .filter((name) => /^bench-.+\.ts$/.test(name))
  .filter((name) => !only || only.some((wanted) => name.includes(wanted)))
  .sort();
if (benches.length === 0) {
  console.error('No scripts/bench-*.ts found.');
  process.exit(1);
}

const verdicts: string[] = [];
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(scripts, name), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const verdict =
    result.status === 0
      ? 'targets met'
      : `exit ${result.status ?? result.signal}: a target missed or the benchmark failed`;
  verdicts.push(`${name.padEnd(28)} ${verdict} (${seconds} s)`);
}
console.log('\n=== summary ===');
for (const line of verdicts) console.log(line);
if (verdicts.some((line) => !line.includes('targets met'))) process.exitCode = 1;
