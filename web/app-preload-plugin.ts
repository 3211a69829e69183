import type { Manifest, Plugin, Rollup } from 'vite';

/** Where a page's own files are listed for the server (route → chunks and stylesheets to preload). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** Vite's build manifest (`build.manifest: true`), written beside the bundle. */
const MANIFEST_FILE = '.vite/manifest.json';
/** The app (every page but a fresh /login), and the screens: `src/app/routes/<name>-route.tsx` serves `/<name>`. */
const APP_MODULE = 'src/app/start-app.tsx';
/** The light start of a fresh /login (src/app/login-entry.tsx). */
const LOGIN_MODULE = 'src/app/login-entry.tsx';
const SCREEN_MODULE = /^src\/app\/routes\/(.+)-route\.tsx$/;

type RoutePreloads = Record<string, { modules: string[]; styles: string[] }>;

type Chunk = Rollup.OutputChunk;

const chunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');

const chunkOf = (chunks: readonly Chunk[], module: string) =>
  chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));

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
 * Adds `<link rel="modulepreload">` to the built index.html for what the entry script imports in its
 * stages (src/main.tsx, lib/start-stages.ts): the app's chunk (src/app/start-app.tsx) and the chunks it
 * imports, and the sign-in page's (src/app/login-entry.tsx), so a page fetches them in parallel with
 * the entry script instead of one stage after the other. What only the app needs carries
 * `data-app-preload` (the prerendered sign-in page only prefetches it, scripts/prerender-login.mjs);
 * what only the sign-in page needs carries `data-login-preload` (a signed-in page drops it,
 * server/src/plugins/web-app-page.ts).
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
        const app = chunkOf(chunks, APP_MODULE);
        const login = chunkOf(chunks, LOGIN_MODULE);
        if (!app || !login) return [];
        const appFiles = closure(chunks, app.fileName);
        const loginFiles = closure(chunks, login.fileName);
        const entry = chunks.find((chunk) => chunk.isEntry);
        // What the entry already loads needs no second hint.
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const link = (fileName: string, marker?: string) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            crossorigin: true,
            href: `/${fileName}`,
            ...(marker ? { [marker]: true } : {}),
          },
          injectTo: 'head' as const,
        });
        const both = [...loginFiles].filter((file) => appFiles.has(file));
        const loginOnly = [...loginFiles].filter((file) => !appFiles.has(file));
        const appOnly = [...appFiles].filter((file) => !loginFiles.has(file));
        return [
          ...both.map((file) => link(file)),
          ...loginOnly.map((file) => link(file, 'data-login-preload')),
          ...appOnly.map((file) => link(file, 'data-app-preload')),
        ].filter((tag) => !loaded.has(tag.attrs.href.slice(1)));
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
