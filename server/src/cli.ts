// The `data-act-portal` command of the installable package: reads its options into the environment
// variables the server already reads (config.ts stays the one place that interprets a setting), then
// starts the server exactly as `npm start` does (main.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import settingsTable from './settings.json' with { type: 'json' };
import { SCENARIOS } from './simulator/scenarios/registry.ts';

/** One setting: its environment variable (the README's "Configuration"), its option and a line of help. */
export interface Setting {
  env: string;
  option: string;
  value: string;
  help: string;
}

/**
 * Every setting the server reads (settings.json: data, not code); `cli.test.ts` fails when config.ts reads
 * a variable missing there. An option is the variable's name in lower case with dashes unless named.
 */
export const settings: readonly Setting[] = (
  settingsTable as readonly (Omit<Setting, 'option'> & { option?: string })[]
).map(({ env, value, help, option }) => ({
  env,
  option: option ?? env.toLowerCase().replaceAll('_', '-'),
  value,
  help: help.replace('{scenarios}', SCENARIOS.map((s) => s.name).join(', ')),
}));

/** Settings naming a folder: a relative path is taken from the working directory. */
const folders = new Set(['DATA_DIR', 'WEB_DIST']);

function usage(): string {
  const width = Math.max(...settings.map((s) => s.option.length + s.value.length)) + 4;
  const lines = settings.map((s) => `  --${`${s.option} ${s.value}`.padEnd(width)} ${s.help} [${s.env}]`);
  return `Usage: data-act-portal [options]

The Data Act Portal reference server: the web app and the contract's API on one port, on SQLite, with
the simulator (sign in as a persona, reset, clock, faults). Each option can also be given as the
environment variable in brackets; an option wins over its variable.

${lines.join('\n')}
  --help                   this text
  --version                the package's version

Examples:
  npx data-act-portal                                   demo data on http://localhost:3000
  npx data-act-portal --mode test --port 4010           X-User-Id sign-in for tools, on this machine
  npx data-act-portal --proxy-target https://api.example --proxy-fallback unimplemented
`;
}

export type CommandLine =
  | { kind: 'start'; env: Record<string, string> }
  | { kind: 'print'; text: string }
  | { kind: 'refuse'; text: string };

/**
 * Reads the command line into the environment the server reads. Options win over variables already
 * set; folders are resolved from the working directory (`cwd`), and the data folder defaults to
 * `./data` there, never inside the installed package.
 */
export function parseCommandLine(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): CommandLine {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        ...Object.fromEntries(settings.map((s) => [s.option, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    return {
      kind: 'refuse',
      text: `${(error as Error).message}\nRun data-act-portal --help for the options.`,
    };
  }
  if (values.help) return { kind: 'print', text: usage() };
  if (values.version) return { kind: 'print', text: packageVersion() };
  const chosen: Record<string, string> = {};
  for (const s of settings) {
    const value = (values[s.option] as string | undefined) ?? env[s.env];
    if (value === undefined) continue;
    chosen[s.env] = folders.has(s.env) ? resolve(cwd, value) : value;
  }
  chosen.DATA_DIR ??= resolve(cwd, 'data');
  const scenario = chosen.SEED_SCENARIO;
  if (scenario !== undefined && !SCENARIOS.some((s) => s.name === scenario)) {
    const names = SCENARIOS.map((s) => s.name).join(', ');
    return { kind: 'refuse', text: `--scenario must be one of ${names}, got "${scenario}"` };
  }
  return { kind: 'start', env: chosen };
}

/** The version of the package this runs from (the repository's own outside a package). */
function packageVersion(): string {
  const manifest = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export async function runCommandLine(argv: string[]): Promise<void> {
  const line = parseCommandLine(argv, process.env, process.cwd());
  if (line.kind === 'print') {
    console.log(line.text);
    return;
  }
  if (line.kind === 'refuse') {
    console.error(line.text);
    process.exitCode = 2;
    return;
  }
  Object.assign(process.env, line.env);
  // Like `npm start`: demo unless PORTAL_MODE (or --mode) says otherwise, and the start line says so.
  process.argv.push('--default-mode=demo');
  await import('./main.ts');
}
