import type { Manifest, Plugin, Rollup } from 'vite';

/** Where a page's own files are listed for the server (route → chunks and stylesheets to preload). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** Vite's build manifest (`build.manifest: true`), written beside the bundle. */
const MANIFEST_FILE = '.vite/manifest.json';
/** The app (every page but a fresh /login), and the screens: `src/app/routes/<name>-route.tsx` serves `/<name>`. */
const APP_MODULE = 'src/app/start-app.tsx';
const SCREEN_MODULE = /^src\/app\/routes\/(.+)-route\.tsx$/;

type RoutePreloads = Record<string, { modules: string[]; styles: string[] }>;

type Chunk = Rollup.OutputChunk;

const chunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');

const appChunk = (chunks: readonly Chunk[]) =>
  chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${APP_MODULE}`));

/** `fileName` and every chunk it statically imports, transitively. */
function closure(chunks: readonly Chunk[], fileName: string, files = new Set<string>()): Set<string> {
  if (files.has(fileName)) return files;
  files.add(fileName);
  const chunk = chunks.find((item) => item.fileName === fileName);
  for (const imported of chunk?.imports ?? []) closure(chunks, imported, files);
  return files;
}

/** A manifest entry and every entry it statically imports, transitively (manifest keys). */
function manifestClosure(manifest: Manifest, key: string, keys = new Set<string>()): Set<string> {
  if (keys.has(key) || !manifest[key]) return keys;
  keys.add(key);
  for (const imported of manifest[key].imports ?? []) manifestClosure(manifest, imported, keys);
  return keys;
}

/**
 * For each screen in the manifest, the chunks and stylesheets it needs beyond the app's (which every
 * signed-in page already preloads), as root-relative URLs.
 */
export function routePreloads(manifest: Manifest): RoutePreloads {
  const appKeys = manifestClosure(manifest, APP_MODULE);
  const preloads: RoutePreloads = {};
  for (const key of Object.keys(manifest).sort()) {
    const route = SCREEN_MODULE.exec(key)?.[1];
    if (!route) continue;
    const own = [...manifestClosure(manifest, key)].filter((item) => !appKeys.has(item));
    preloads[`/${route}`] = {
      modules: own.map((item) => `/${manifest[item]?.file}`),
      styles: own.flatMap((item) => manifest[item]?.css ?? []).map((file) => `/${file}`),
    };
  }
  return preloads;
}

/**
 * Adds `<link rel="modulepreload">` for the app's chunk (src/app/start-app.tsx) and the chunks it
 * imports to the built index.html, so pages other than /login fetch them in parallel with the entry
 * script instead of after it. The links carry `data-app-preload`; the prerendered sign-in page drops
 * them (scripts/prerender-login.mjs), since /login does not need the app.
 *
 * It also writes `route-preloads.json` from Vite's build manifest: for each screen, the chunks and
 * stylesheets it needs beyond the app's, which the server names in the page it answers for that
 * route, so the screen is fetched with the app instead of after it.
 */
export function appPreload(): Plugin {
  let serverBuild = false;
  return {
    name: 'portal-app-preload',
    apply: 'build',
    configResolved(config) {
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
    generateBundle: {
      // After Vite's own manifest plugin has added the manifest to the bundle.
      order: 'post',
      handler(_options, bundle) {
        if (serverBuild) return; // the server-side renders (dist/ssr/) are not pages
        const manifest = bundle[MANIFEST_FILE];
        if (manifest?.type !== 'asset') this.error(`${MANIFEST_FILE} is missing: set build.manifest`);
        const preloads = routePreloads(JSON.parse(String(manifest.source)) as Manifest);
        // The manifest served its purpose: the server reads the route list, not the whole bundle map.
        delete bundle[MANIFEST_FILE];
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: JSON.stringify(preloads, null, 2),
        });
      },
    },
  };
}
