import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createPrisma } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { createSimulationClock, createWallClock } from './lib/clock.ts';
import { seedIfEmpty } from './services/seeding.ts';
import { restoreClockSpeed } from './services/simulation.ts';

const config = loadConfig();
if (config.mode === 'production' && !config.oidc.issuer) {
  // The built-in provider lets anyone pick any account: fine for demos, never for production.
  console.error(
    'PORTAL_MODE=production needs an external identity provider: set OIDC_ISSUER and OIDC_CLIENT_ID.',
  );
  process.exit(1);
}
mkdirSync(config.dataDir, { recursive: true });
await applyMigrations(config.databaseUrl);
const prisma = createPrisma(config.databaseUrl);
const clock = createSimulationClock();
const wallClock = createWallClock();
await restoreClockSpeed({ prisma, clock });
if (config.seedOnEmpty) await seedIfEmpty({ config, prisma, clock, wallClock });

const app = await buildApp({ config, prisma, clock, wallClock });
const shutdown = async () => {
  await app.close();
  await prisma.$disconnect();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host: config.host, port: config.port });
const url = config.publicUrl;
console.log(`\n  Data Act Portal is running at ${url}  (${config.mode} mode)`);
console.log(`  API reference: ${url}/docs`);
if (!config.oidc.issuer) {
  console.log('  Sign in with "Login / Sign up" and pick a persona, e.g. owner@example.com (data owner),');
  console.log('  fleet@example.com (company) or admin@example.com (admin).\n');
}
