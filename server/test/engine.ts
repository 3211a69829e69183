// Which engine the server suite runs on: SQLite by default, PostgreSQL with
// PORTAL_TEST_DATABASE=postgresql (`npm run test:postgres`). `npm test` runs both: the suite on SQLite
// (with the files that test several instances, which always run on a throwaway PostgreSQL), then the
// suite again on PostgreSQL, leaving out those multi-instance files (server/vitest.config.ts).
import type { DatabaseEngine } from '../src/db/engine.ts';

export function testEngine(): DatabaseEngine {
  const engine = process.env.PORTAL_TEST_DATABASE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgresql') {
    throw new Error(`PORTAL_TEST_DATABASE must be sqlite or postgresql, got "${engine}"`);
  }
  return engine;
}
