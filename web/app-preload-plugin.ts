import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` for the app's chunk (src/app/start-app.tsx) and the chunks it
 * imports to the built index.html, so pages other than /login fetch them in parallel with the entry
 * script instead of after it. The links carry `data-app-preload`; the prerendered sign-in page drops
 * them (scripts/prerender-login.mjs), since /login does not need the app.
 */
export function appPreload(): Plugin {
  return {
    name: 'portal-app-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/start-app.tsx'));
        if (!app) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((item) => item.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
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
  };
}
