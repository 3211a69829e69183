// The `data-act-portal` command of the installable package: reads its options into the environment
// variables the server already reads (config.ts stays the one place that interprets a setting), then
// starts the server exactly as `npm start` does (main.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SCENARIOS } from './simulator/scenarios/registry.ts';

/** One setting: its environment variable (the README's "Configuration"), its option and a line of help. */
export interface Setting {
  env: string;
  option: string;
  value: string;
  help: string;
}

const setting = (
  env: string,
  value: string,
  help: string,
  option = env.toLowerCase().replaceAll('_', '-'),
) => ({
  env,
  option,
  value,
  help,
});

/** Every setting the server reads; `cli.test.ts` fails when config.ts reads a variable missing here. */
export const settings: readonly Setting[] = [
  setting('PORTAL_MODE', 'MODE', 'production, demo, development or test (default demo)', 'mode'),
  setting('PORT', 'N', 'port to listen on (default 3000)'),
  setting('HOST', 'ADDRESS', 'address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)'),
  setting(
    'PUBLIC_URL',
    'URL',
    'public origin: links, sign-in redirects, cross-site check (default http://localhost:PORT)',
  ),
  setting('DATA_DIR', 'DIR', 'SQLite database, uploaded documents and exports (default ./data)'),
  setting('DATABASE_URL', 'URL', 'the database (default file:DATA_DIR/portal.db)'),
  setting(
    'SEED_SCENARIO',
    'NAME',
    `scenario loaded into an empty database: ${SCENARIOS.map((s) => s.name).join(', ')} (default demo)`,
    'scenario',
  ),
  setting('SEED_ON_EMPTY', 'BOOL', 'seed an empty database (default true; never in production)'),
  setting(
    'PROXY_TARGET',
    'URL',
    "forward the contract's operations to this back end, checked against the contract",
  ),
  setting('PROXY_FALLBACK', 'LIST', '"unimplemented" and/or operation ids answered by the simulation'),
  setting(
    'PROXY_FALLBACK_AS',
    'EMAIL',
    'persona of fallback answers for callers the simulation does not know',
  ),
  setting('PROXY_TIMEOUT_MS', 'MS', "each proxied call's deadline, then fallback or 504 (default 30000)"),
  setting('CORS_ORIGINS', 'LIST', 'other origins whose pages may call the API with credentials'),
  setting('TRUST_PROXY', 'HOPS|LIST', 'reverse proxies in front: a hop count or their addresses'),
  setting('OIDC_ISSUER', 'URL', 'external OpenID Connect provider (default: the built-in one)'),
  setting('OIDC_CLIENT_ID', 'ID', 'client id at that provider (default data-act-portal)'),
  setting(
    'OIDC_CLIENT_SECRET',
    'SECRET',
    'client secret (prefer the variable: options show in process lists)',
  ),
  setting('SESSION_IDLE_MINUTES', 'N', 'session idle expiry (default 30)'),
  setting('SESSION_ABSOLUTE_HOURS', 'N', 'session absolute expiry (default 12)'),
  setting('BRAND_PRODUCT_NAME', 'TEXT', 'product name in the header (default Data Act Portal)'),
  setting('BRAND_MANUFACTURER', 'TEXT', 'manufacturer named in texts (default the manufacturer)'),
  setting('BRAND_SUPPORT_EMAIL', 'EMAIL', 'support address (default support@example.com)'),
  setting('LOGIN_RATE_LIMIT_MAX', 'N', 'sign-in calls per client address and window (default 120)'),
  setting('LOGIN_RATE_LIMIT_WINDOW_MS', 'MS', 'that window (default 60000)'),
  setting('REDEEM_RATE_LIMIT_MAX', 'N', 'access-code redemptions per company and window (default 10)'),
  setting('REDEEM_RATE_LIMIT_WINDOW_MS', 'MS', 'that window (default 60000)'),
  setting('EXPORTS_PER_USER', 'N', 'downloads one user may have waiting or running (default 5)'),
  setting('SANDBOX_MAX', 'N', 'private sandboxes at once (default 50)'),
  setting('SANDBOX_IDLE_MINUTES', 'N', 'idle sandboxes removed after (default 30)'),
  setting('SANDBOX_MAX_DISK_MB', 'N', 'disk cap of all sandboxes (default 1024)'),
  setting('SANDBOX_PREPARE', 'BOOL', 'build the sandbox template before answering (default on, off in test)'),
  setting('SANDBOX_SPARES', 'N', 'team mode: spare sandbox databases copied ahead per scenario (default 8)'),
  setting(
    'VALIDATE_RESPONSES',
    'BOOL',
    'check every JSON answer against the contract (default on but in production)',
  ),
  setting('HEADERS_TIMEOUT_MS', 'MS', "a request's headers must arrive within (default 15000)"),
  setting(
    'REQUEST_TIMEOUT_MS',
    'MS',
    'the whole request, with its body, must arrive within (default 120000)',
  ),
  setting('IDLE_TIMEOUT_MS', 'MS', 'an idle kept-alive connection is closed after (default 72000)'),
  setting('SHUTDOWN_TIMEOUT_MS', 'MS', 'a stop waits for calls being answered at most (default 10000)'),
  setting('LOG_LEVEL', 'LEVEL', 'pino log level (default info)'),
  setting('WEB_DIST', 'DIR', 'the built web app to serve (default: the one in this package)'),
];

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
