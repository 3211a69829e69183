import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (lint rules), run by `npm run lint:boundaries`.
export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
