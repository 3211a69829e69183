// After `vite build`: writes dist/login.html, the built index.html with the sign-in page's markup
// rendered in (see src/app/login-prerender.tsx) and the stylesheet inlined, so /login paints at once,
// before any script or other request; and dist/login-pages/<mode>.html, the same for each server mode
// (its banner, the branding as placeholders). The server answers /login with its mode's page, its
// branding and configuration filled in, or with login.html.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const { renderLoginPage, LOGIN_PAGE_MODES } = await import(
  pathToFileURL(path.join(web, 'node_modules/.prerender/login-prerender.js')).href
);

// The app's chunks, preloaded for every other page (app-preload-plugin.ts), are only prefetched here:
// fetched at low priority and not run, so the page after sign-in starts from the cache without
// slowing the sign-in page down.
let html = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
  /<link rel="modulepreload"([^>]*data-app-preload[^>]*)>/g,
  '<link rel="prefetch"$1>',
);
const stylesheet = html.match(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/);
if (stylesheet) {
  const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
  // The file's link stays, disabled (never fetched): Vite's preload helper sees the stylesheet in the
  // page and does not append it again when a later chunk (the simulator launcher) names it.
  html = html.replace(
    stylesheet[0],
    () =>
      `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" disabled href="${stylesheet[1]}">`,
  );
}
// index.html's root holds the boot placeholder (a loading screen); the sign-in page replaces it.
const root = /<div id="root">.*?<\/div><\/div>\n/s;
if (!root.test(html)) throw new Error('dist/index.html has no <div id="root"> with the boot placeholder');
// The first paint waits for the whole page (as a page the server draws does, server/src/plugins/
// web-app-page.ts): on a busy machine the parser yields, and a frame of half a card, centred, then moves.
const pageEnd = 'portal-page-end';
html = html.replace('</head>', () => `  <link rel="expect" href="#${pageEnd}" blocking="render">\n  </head>`);
const page = (markup) =>
  html.replace(root, () => `<div id="root">${markup}</div><template id="${pageEnd}"></template>\n`);
const login = page(renderLoginPage());
writeFileSync(path.join(dist, 'login.html'), login);
// Not files for browsers: the server reads them (and does not serve the folder; precompress skips it).
const modes = path.join(dist, 'login-pages');
mkdirSync(modes, { recursive: true });
for (const mode of LOGIN_PAGE_MODES)
  writeFileSync(path.join(modes, `${mode}.html`), page(renderLoginPage(mode)));
console.log(
  `prerendered dist/login.html (${(Buffer.byteLength(login) / 1024).toFixed(1)} kB) and dist/login-pages/{${LOGIN_PAGE_MODES.join(',')}}.html`,
);
