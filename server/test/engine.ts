// Which engine the server suite runs on: SQLite by default, PostgreSQL with
// PORTAL_TEST_DATABASE=postgresql (`npm run test:postgres`; both run in `npm test`).
import type { DatabaseEngine } from '../src/db/engine.ts';

export function testEngine(): DatabaseEngine {
  const engine = process.env.PORTAL_TEST_DATABASE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgresql') {
    throw new Error(`PORTAL_TEST_DATABASE must be sqlite or postgresql, got "${engine}"`);
  }
  return engine;
}
