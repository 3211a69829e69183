import { defineConfig } from 'vitest/config';

// `npm run test:packages`: the installable packages, packed and installed into an empty project.
export default defineConfig({
  test: {
    include: ['scripts/packages/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
