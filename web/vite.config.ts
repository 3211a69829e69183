import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/oidc', '/manuals', '/catalogue', '/tnc', '/docs'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: backend, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    css: false,
    // Component tests render whole routes with user-event typing; on a shared, busy 2-core machine the
    // default 5 s is not enough for the longest forms (the registration form), so they get 20 s.
    testTimeout: 20_000,
  },
});
