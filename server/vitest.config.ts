import { defineConfig } from 'vitest/config';
import { testEngine } from './test/engine.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Migrates a template database once per run; test/db.ts copies it per test file.
    globalSetup: ['./test/global-setup.ts'],
    // A safety net, not a speed target: on PostgreSQL (a server of its own on the same cores) calls
    // take longer, and the files that drive the job runner through many calls need more room.
    testTimeout: testEngine() === 'postgresql' ? 60_000 : 20_000,
    hookTimeout: 30_000,
  },
});
