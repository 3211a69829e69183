import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (lint rules), run by `npm run lint:boundaries`.
export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts'],
    // The installed-packages test packs and installs (minutes): `npm run test:packages`.
    exclude: ['scripts/packages/**'],
    testTimeout: 60_000,
  },
});
