// The reference server listening on a loopback port (for tools that speak HTTP, such as the
// conformance kit): a fresh seeded database, test mode (every answer checked against the
// contract), and a simulation clock that the simulator's `PUT /sim/clock` can speed up.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createSimulationClock, createWallClock } from '../src/lib/clock.ts';
import { createTestDatabase } from './db.ts';

export interface ListeningServer {
  app: FastifyInstance;
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  close(): Promise<void>;
}

export async function startListeningServer(env: Record<string, string> = {}): Promise<ListeningServer> {
  const clock = createSimulationClock();
  const db = await createTestDatabase({ seed: true, now: clock.now() });
  const config = loadConfig(
    { PORTAL_MODE: 'test', DATA_DIR: db.dir, PUBLIC_URL: 'http://localhost:3000', ...env },
    { databaseUrl: db.url },
  );
  const app = await buildApp({ config, prisma: db.prisma, clock, wallClock: createWallClock() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

/**
 * A listening server for a test file that judges one run of a tool: started and `run` once before the
 * file's tests (with the server's URL), closed after them. The tests read the run's result.
 */
export function useListeningRun<T>(
  run: (url: string) => Promise<T>,
  timeoutMs = 180_000,
): { readonly result: T } {
  let server: ListeningServer | undefined;
  let result: T | undefined;
  beforeAll(async () => {
    server = await startListeningServer();
    result = await run(server.url);
  }, timeoutMs);
  afterAll(() => server?.close());
  return {
    get result(): T {
      if (result === undefined) throw new Error('the run against the listening server has not finished');
      return result;
    },
  };
}
