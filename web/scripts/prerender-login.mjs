// After `vite build`: writes dist/login.html, the built index.html with the sign-in page's markup
// rendered in (see src/app/login-prerender.tsx) and the stylesheet inlined, so /login paints at once,
// before any script or other request. The server answers /login with it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const { renderLoginPage } = await import(
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
  html = html.replace(stylesheet[0], () => `<style>${css}</style>`);
}
// index.html's root holds the boot placeholder (a loading screen); the sign-in page replaces it.
const root = /<div id="root">.*?<\/div><\/div>\n/s;
if (!root.test(html)) throw new Error('dist/index.html has no <div id="root"> with the boot placeholder');
const markup = renderLoginPage();
html = html.replace(root, () => `<div id="root">${markup}</div>\n`);
writeFileSync(path.join(dist, 'login.html'), html);
console.log(`prerendered dist/login.html (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`);
