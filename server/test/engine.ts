// Which engine the server suite runs on: SQLite by default, PostgreSQL with
// PORTAL_TEST_DATABASE=postgresql (`npm run test:postgres`). `npm test` runs the suite on SQLite, with the
// files that test both engines and several instances on their own throwaway PostgreSQL; the whole suite
// on PostgreSQL is not part of `npm test` yet.
import type { DatabaseEngine } from '../src/db/engine.ts';

export function testEngine(): DatabaseEngine {
  const engine = process.env.PORTAL_TEST_DATABASE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgresql') {
    throw new Error(`PORTAL_TEST_DATABASE must be sqlite or postgresql, got "${engine}"`);
  }
  return engine;
}
