import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig, modeStatement, startupRefusal } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isPostgres, redactDatabaseUrl } from './db/engine.ts';
import { applyMigrations, SEED_LOCK, withAdvisoryLock } from './db/migrate.ts';
import { createSimulationClock, createWallClock } from './lib/clock.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { openEarlyPort } from './plugins/early-port.ts';
import { cleanUpAfterCrash, orphanQuietMs, removeOrphanDocuments } from './services/startup-cleanup.ts';
import { seedIfEmpty } from './simulator/seeding.ts';
import { restoreClockSpeed } from './simulator/simulation.ts';

// `npm start` passes --default-mode=demo and `npm run dev` development; PORTAL_MODE always wins.
const defaultMode = process.argv.find((arg) => arg.startsWith('--default-mode='))?.split('=')[1];
const config = loadConfig({ ...process.env, PORTAL_MODE: process.env.PORTAL_MODE || defaultMode });
const refusal = startupRefusal(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
mkdirSync(config.dataDir, { recursive: true });
// Team mode (PostgreSQL): any number of instances share the database and DATA_DIR by design. On
// SQLite one server owns its data directory.
const team = isPostgres(config.databaseUrl);
if (!team) {
  try {
    lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
// The port answers from here on: alive, and 503 "starting" until the app below is ready.
const port = await openEarlyPort(config).catch((error: NodeJS.ErrnoException) => {
  console.error(`  Cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
  process.exit(1);
});
// stdout carries only the JSON log lines (for log shippers); what the operator reads goes to stderr.
console.error(`  Starting in ${modeStatement(config)}`);
if (team) console.error(`  Database: ${redactDatabaseUrl(config.databaseUrl)} (team mode)`);
await applyMigrations(config.databaseUrl);
const database = openDatabase(config.databaseUrl);
const { prisma, reads } = database;
const clock = createSimulationClock();
const wallClock = createWallClock();
await restoreClockSpeed({ prisma, clock });
if (config.seedOnEmpty) {
  const seed = () => seedIfEmpty({ config, prisma, clock });
  // Instances starting together on an empty database: one seeds, the others then find users.
  await (team ? withAdvisoryLock(config.databaseUrl, SEED_LOCK, seed) : seed());
}
// Removing every file no row points to is only safe while no other server writes. In team mode another
// instance may be between writing a document and committing its row: only documents quiet for longer
// than any request can take are orphans there, looked for at start and every 10 minutes (exports have
// their own rule: the job runner's leases, decision 0056).
const sweepDocuments = () => removeOrphanDocuments({ config, prisma }, orphanQuietMs(config));
const cleanup = team
  ? { orphanDocuments: await sweepDocuments() }
  : await cleanUpAfterCrash({ config, prisma });

const app = await buildApp({ config, prisma, reads, clock, wallClock }, { port });
app.log.info({ mode: config.mode, ...cleanup }, `portal starting in ${config.mode} mode`);
if (team) {
  setInterval(() => {
    sweepDocuments().then(
      (orphanDocuments) => orphanDocuments && app.log.info({ orphanDocuments }, 'orphaned documents removed'),
      (error: unknown) => app.log.warn({ err: error }, 'looking for orphaned documents failed'),
    );
  }, 10 * 60_000).unref();
}
// A stop closes the server (calls being answered finish) and the database, logging what fails; a
// close that hangs (a call that never ends) cannot keep the process past SHUTDOWN_TIMEOUT_MS.
let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  const { shutdownMs } = config.timeouts;
  app.log.info({ signal, deadlineMs: shutdownMs }, 'portal stopping');
  setTimeout(() => {
    app.log.error({ deadlineMs: shutdownMs }, 'portal stop did not finish in time; exiting');
    process.exit(1);
  }, shutdownMs).unref();
  let failed = false;
  for (const [what, close] of [
    ['the server', () => app.close()],
    ['the database', () => database.close()],
  ] as const) {
    try {
      await close();
    } catch (error) {
      failed = true;
      app.log.error({ err: error }, `closing ${what} failed`);
    }
  }
  app.log.info({ failed }, 'portal stopped');
  process.exit(failed ? 1 : 0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.ready();
port.takeOver();
const url = config.publicUrl;
app.log.info(
  { url, mode: config.mode, proxyTarget: config.proxy.target },
  `portal listening at ${url}${config.proxy.target ? `, proxying to ${config.proxy.target}` : ''}`,
);
console.error(`\n  Data Act Portal is running at ${url}  (${modeStatement(config)})`);
if (config.proxy.target)
  console.error(`  Validating proxy: the contract's operations go to ${config.proxy.target}`);
console.error(`  API reference: ${url}/docs`);
if (!config.oidc.issuer) {
  console.error('  Sign in with "Login / Sign up" and pick a persona, e.g. owner@example.com (data owner),');
  console.error('  fleet@example.com (company) or admin@example.com (admin).\n');
}
