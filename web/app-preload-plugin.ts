import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Where a page's own files are listed for the server (route → chunks and stylesheets to preload). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type RoutePreloads = Record<string, { modules: string[]; styles: string[] }>;

type Chunk = Rollup.OutputChunk;

const chunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');

const appChunk = (chunks: readonly Chunk[]) =>
  chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/start-app.tsx'));

/** `fileName` and every chunk it statically imports, transitively. */
function closure(chunks: readonly Chunk[], fileName: string, files = new Set<string>()): Set<string> {
  if (files.has(fileName)) return files;
  files.add(fileName);
  const chunk = chunks.find((item) => item.fileName === fileName);
  for (const imported of chunk?.imports ?? []) closure(chunks, imported, files);
  return files;
}

/**
 * The screens of src/app/router.tsx (`'/path': () => import('…')`), read from its source so the route
 * list stays in one place: path → absolute module file.
 */
function routerScreens(root: string): Map<string, string> {
  const router = path.join(root, 'src/app/router.tsx');
  const source = readFileSync(router, 'utf8');
  const screens = new Map<string, string>();
  for (const [, route, module] of source.matchAll(/'(\/[a-z-]*)': \(\) => import\('([^']+)'\)/g)) {
    if (route && module) screens.set(route, path.resolve(path.dirname(router), module));
  }
  return screens;
}

/**
 * Adds `<link rel="modulepreload">` for the app's chunk (src/app/start-app.tsx) and the chunks it
 * imports to the built index.html, so pages other than /login fetch them in parallel with the entry
 * script instead of after it. The links carry `data-app-preload`; the prerendered sign-in page drops
 * them (scripts/prerender-login.mjs), since /login does not need the app.
 *
 * It also writes `route-preloads.json`: for each screen of the router, the chunks and stylesheets
 * it needs beyond the app's, which the server names in the page it answers for that route, so the
 * screen is fetched with the app instead of after it.
 */
export function appPreload(): Plugin {
  let root = process.cwd();
  let serverBuild = false;
  return {
    name: 'portal-app-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      serverBuild = Boolean(config.build.ssr);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = chunksOf(bundle);
        const app = appChunk(chunks);
        if (!app) return [];
        const files = closure(chunks, app.fileName);
        const entry = chunks.find((chunk) => chunk.isEntry);
        // What the entry already loads needs no second hint.
        for (const loaded of [entry?.fileName, ...(entry?.imports ?? [])]) if (loaded) files.delete(loaded);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, 'data-app-preload': true },
          injectTo: 'head' as const,
        }));
      },
    },
    generateBundle(_options, bundle) {
      if (serverBuild) return; // the server-side renders (dist/ssr/) are not pages
      const chunks = chunksOf(bundle);
      const app = appChunk(chunks);
      // The page preloads the app already (above); a route adds only its screen's own files.
      const appFiles = app ? closure(chunks, app.fileName) : new Set<string>();
      const preloads: RoutePreloads = {};
      for (const [route, module] of routerScreens(root)) {
        const screen = chunks.find((chunk) => chunk.facadeModuleId === module);
        if (!screen) continue;
        const files = [...closure(chunks, screen.fileName)].filter((file) => !appFiles.has(file));
        const styles = files.flatMap((file) => [
          ...(chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? []),
        ]);
        preloads[route] = {
          modules: files.map((file) => `/${file}`),
          styles: styles.map((file) => `/${file}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}
