import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appPreload } from './app-preload-plugin.ts';

const backend = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/oidc', '/manuals', '/catalogue', '/tnc', '/docs'];

// A production build leaves the simulator panel out entirely: `__SIMULATOR__` is false, so the
// lazy import behind it is dead code and no chunk is emitted (web/src/app/simulator-slot.tsx).
const simulatorIncluded = process.env.PORTAL_MODE !== 'production';

/**
 * react-router's production build. Its package exports name no `production` condition, so every
 * bundle would resolve to dist/development: dev-only checks and warnings in `createBrowserRouter`
 * during the takeover (docs/benchmarks.md). Builds (browser and server side) take the production
 * files; tests and the dev server keep the development ones (and their warnings). Reverted once
 * because it exposed the focus loss decision 0114 fixed; brought back in decision 0121.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react(), appPreload()],
  resolve: command === 'build' ? { alias: reactRouterProduction } : undefined,
  define: {
    // The server-side builds never draw the panel (it is fetched by the browser on demand).
    __SIMULATOR__: JSON.stringify(simulatorIncluded && !isSsrBuild),
    // The launcher's button is drawn by both (the panel's code stays out of the server's).
    __SIMULATOR_LAUNCHER__: JSON.stringify(simulatorIncluded),
    // The server-side builds carry their own React in its production build (rendering per request
    // with React's development build costs several times as much).
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  // Lightning CSS (Vite's own dependency) bundles each stylesheet's @imports and resolves the named
  // breakpoints of styles/breakpoints.css (`@custom-media`), so every layout query uses the same five
  // values. See docs/decisions/0025-breakpoints-and-languages.md.
  css: { transformer: 'lightningcss', lightningcss: { drafts: { customMedia: true } } },
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: backend, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Read by app-preload-plugin.ts (each screen's files for the server), then left out of dist/.
    manifest: !isSsrBuild,
    // The server-side builds (the sign-in prerender, the signed-in page render) need no public files.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // A server-side build is one file: the server loads it afresh after a rebuild (a `?v=` import),
      // and a chunk importing it back would get a second copy of its modules (and React contexts).
      output: isSsrBuild
        ? { codeSplitting: false }
        : {
            codeSplitting: {
              groups: [
                // React itself is needed by every page; the router only once past the sign-in page.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
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
}));
