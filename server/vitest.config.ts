import { defineConfig } from 'vitest/config';
import { testEngine } from './test/engine.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The multi-instance files (test/team*.test.ts) run on PostgreSQL whatever the suite's engine: the
    // suite's PostgreSQL run (`npm run test:postgres`) leaves them to the SQLite run, not to run them twice.
    exclude:
      testEngine() === 'postgresql' ? ['test/team*.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    pool: 'forks',
    // Migrates a template database once per run; test/db.ts copies it per test file.
    globalSetup: ['./test/global-setup.ts'],
    // A safety net, not a speed target: on PostgreSQL (a server of its own on the same cores) calls
    // take longer, and the files that drive the job runner through many calls need more room.
    testTimeout: testEngine() === 'postgresql' ? 60_000 : 20_000,
    hookTimeout: 30_000,
  },
});
