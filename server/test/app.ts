import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { PortalPrisma } from '../src/db/client.ts';
import { createManualClock, type ManualClock } from '../src/lib/clock.ts';
import { createTestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  prisma: PortalPrisma;
  clock: ManualClock;
  /** The same manual clock: tests move session expiry along with simulated time. */
  wallClock: ManualClock;
  config: Config;
  databaseUrl: string;
  close(): Promise<void>;
}

export const testNow = new Date('2026-03-01T09:00:00Z');

/**
 * The real app on a freshly migrated SQLite file (seeded with the personas unless `seed: false`),
 * a manual simulation clock and a temporary data folder. One per test file.
 */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const clock = createManualClock(testNow);
  const db = await createTestDatabase({ seed: options.seed ?? true, now: clock.now() });
  // The database's temporary folder doubles as DATA_DIR, where seeded documents already are.
  const dataDir = db.dir;
  const config = loadConfig(
    { PORTAL_MODE: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...options.env },
    { databaseUrl: db.url, ...options.config },
  );
  const app = await buildApp({ config, prisma: db.prisma, clock, wallClock: clock });
  await app.ready();
  return {
    app,
    prisma: db.prisma,
    clock,
    wallClock: clock,
    config,
    databaseUrl: db.url,
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

/** Headers that sign a request in as a seeded persona (development and test modes only). */
export const as = (email: string) => ({ 'x-user-id': email });
