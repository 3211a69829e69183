import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig, modeStatement, startupRefusal } from './config.ts';
import { createPrisma } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { createSimulationClock, createWallClock } from './lib/clock.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { cleanUpAfterCrash } from './services/startup-cleanup.ts';
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
try {
  lockDataDir(config.dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`  Starting in ${modeStatement(config)}`);
await applyMigrations(config.databaseUrl);
const prisma = createPrisma(config.databaseUrl);
const clock = createSimulationClock();
const wallClock = createWallClock();
await restoreClockSpeed({ prisma, clock });
if (config.seedOnEmpty) await seedIfEmpty({ config, prisma, clock, wallClock });
const cleanup = await cleanUpAfterCrash({ config, prisma });

const app = await buildApp({ config, prisma, clock, wallClock });
app.log.info({ mode: config.mode, ...cleanup }, `portal starting in ${config.mode} mode`);
const shutdown = async () => {
  await app.close();
  await prisma.$disconnect();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host: config.host, port: config.port });
const url = config.publicUrl;
console.log(`\n  Data Act Portal is running at ${url}  (${modeStatement(config)})`);
console.log(`  API reference: ${url}/docs`);
if (!config.oidc.issuer) {
  console.log('  Sign in with "Login / Sign up" and pick a persona, e.g. owner@example.com (data owner),');
  console.log('  fleet@example.com (company) or admin@example.com (admin).\n');
}
