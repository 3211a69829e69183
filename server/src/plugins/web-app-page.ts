import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PAGE_ELEMENT_IDS, type SignedInRenderResult } from '@portal/contract/web-app';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user.ts';

// The app's page (index.html) for a signed-in visit: the current user written in, so the app draws
// the header and page without first asking GET /api/v1/users/me, the screen's files named as preloads,
// so they load beside the app instead of after it, and the page itself when the server drew it.
// See docs/decisions/0031-signed-in-first-load.md and 0043.

/** Written by the web build (web/app-preload-plugin.ts): a screen's chunks and stylesheets by route. */
type RoutePreloads = Record<string, { modules: string[]; styles: string[] }>;

/** index.html's boot placeholder (a loading screen), which a page drawn by the server replaces. */
const bootPlaceholder = /<div id="root">.*?<\/div><\/div>\n/s;

/** A preload of index.html for the sign-in page's start alone (`data-login-preload`), with its line. */
const loginPreload = /[ \t]*<link [^>]*data-login-preload[^>]*>\n?/g;

/** JSON that cannot end the script element it sits in (`</script>`) nor open a comment (`<!--`). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export async function readRoutePreloads(webDist: string): Promise<RoutePreloads> {
  try {
    return JSON.parse(await readFile(path.join(webDist, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return {}; // an older build without the file: the page still works, only later
  }
}

/** The page's stylesheet links (index.html's, the screen's): a drawn page carries their rules inline. */
const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/** The build's stylesheets a page drawn for `route` needs before its first paint. */
export function pageStylesheets(html: string, route: string, preloads: RoutePreloads): string[] {
  return [
    ...[...html.matchAll(stylesheetLink)].map((match) => match[1] ?? ''),
    ...(preloads[route]?.styles ?? []),
  ];
}

/**
 * A stylesheet's rules as an element of the page (rules from the build, never from a visitor), followed
 * by the file's link, disabled (moved into the after-paint template, `linksAfterFirstPaint`, before the
 * app starts): the app's module loader (Vite's preload helper) sees the stylesheet in the page and does
 * not append it again. Appended, a file came after the page's other
 * rules and changed which of two equal rules won until the next file arrived: cards moved (issue 26).
 */
const inlineStylesheet = (href: string, css: string) =>
  `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` +
  `<link rel="stylesheet" disabled href="${attribute(href)}">`;

/**
 * The first paint waits until the page the server drew is parsed whole (`rel="expect"` names an element
 * written after it; the root itself counts as parsed once it opens): a paint in the middle of the
 * parse showed a toolbar or a card without its last parts, which moved what was there when they came.
 * Browsers without `blocking="render"` ignore the link.
 */
const PAGE_END = 'portal-page-end';
const WHOLE_PAGE_FIRST = `<link rel="expect" href="#${PAGE_END}" blocking="render">`;

/** A module preload of the page, with its line, or a stylesheet's disabled link (`inlineStylesheet`). */
const afterPaintLink = /[ \t]*<link rel="modulepreload"[^>]*>\n?|<link rel="stylesheet" disabled [^>]*>/g;

/**
 * A drawn page's module preloads and its stylesheets' disabled links, written inside a `<template>`
 * (never fetched from there): the app's entry adds them to the page once the page has painted
 * (web/src/lib/after-first-paint.ts). Asked for with the HTML, the app's modules were fetched before
 * the first paint (a local server answers them in milliseconds) and Lighthouse's simulation counted
 * them in the largest paint; Chromium's preload scanner fetched the disabled links too, at the
 * highest priority (decision 0135).
 */
function linksAfterFirstPaint(page: string): string {
  const links = [...page.matchAll(afterPaintLink)].map((match) => match[0].trim());
  return page
    .replace(afterPaintLink, '')
    .replace(
      '</head>',
      () => `  <template id="${PAGE_ELEMENT_IDS.afterFirstPaint}">${links.join('')}</template>\n  </head>`,
    );
}

/** The route of a page path: no trailing slash. */
export const routeOf = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** GET /api/v1/config: drawn above every page (the mode banner, the product name). */
const CONFIG_CALL = '/api/v1/config';

/**
 * index.html with the signed-in user embedded and the route's screen preloaded; with the page as the
 * server drew it (`rendered`), its markup in the root and the answers it was drawn from, otherwise
 * the configuration preloaded (the app asks for it first). A preload is only used when its mode
 * matches the later request's: the app's fetches send credentials, Vite loads a screen's stylesheet
 * with `crossorigin` (anonymous), and module preloads are always CORS.
 */
export function signedInPage(
  html: string,
  pathname: string,
  user: CurrentUser,
  preloads: RoutePreloads,
  rendered: SignedInRenderResult | null = null,
  /** The rules of `pageStylesheets` by file, inlined in a drawn page so it paints without a request. */
  styles: ReadonlyMap<string, string> = new Map(),
): string {
  const route = routeOf(pathname);
  const screen = preloads[route];
  const drawn = rendered !== null && bootPlaceholder.test(html);
  const links = [
    ...(screen?.modules ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
    // A drawn page has the screen's rules inline (below), and its loader is told they are in the page.
    ...(drawn ? [] : (screen?.styles ?? [])).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`,
    ),
    // The configuration is drawn above every page (web/src/app/first-page.ts asks for it first).
    ...(drawn ? [] : [CONFIG_CALL]).map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(url)}">`,
    ),
  ];
  const head = [
    `<script type="application/json" id="${PAGE_ELEMENT_IDS.currentUser}">${scriptSafeJson(user)}</script>`,
    ...(drawn
      ? [
          `<script type="application/json" id="${PAGE_ELEMENT_IDS.firstPageState}">${scriptSafeJson(rendered.state)}</script>`,
          WHOLE_PAGE_FIRST,
          ...(screen?.styles ?? []).flatMap((href) => {
            const css = styles.get(href);
            return css === undefined ? [] : [inlineStylesheet(href, css)];
          }),
        ]
      : []),
    ...links,
  ].join('\n    ');
  // What only the sign-in page's start needs (web/app-preload-plugin.ts) is no part of this page.
  const page = html.replace(loginPreload, '');
  const withHead = (base: string) => base.replace('</head>', () => `  ${head}\n  </head>`);
  if (!drawn) return withHead(page);
  // index.html's stylesheets inline before the head is added (whose disabled links must stay links).
  const inlined = page.replace(stylesheetLink, (link, href: string) => {
    const css = styles.get(href);
    return css === undefined ? link : inlineStylesheet(href, css);
  });
  return (
    linksAfterFirstPaint(withHead(inLanguage(inlined, rendered.language)))
      .replace(
        bootPlaceholder,
        () => `<div id="root">${rendered.markup}</div><template id="${PAGE_END}"></template>\n`,
      )
      // A drawn page paints without its scripts: the entry (a few kB) loads beside the first paint.
      .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
  );
}

/**
 * `<html lang>` set to the language the page is drawn in: a screen reader reads a drawn Greek page as Greek
 * from its first paint, not once the app has started.
 */
const inLanguage = (page: string, language: string) =>
  page.replace(
    /<html\b([^>]*)>/i,
    (_tag, attributes: string) =>
      `<html${attributes.replace(/\s+lang="[^"]*"/i, '')} lang="${attribute(language)}">`,
  );

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The page, compressed as the browser accepts: a drawn page is some 30 kB of HTML, a tenth of that
 * compressed (the static files are compressed at build time; this one is made per visit). Brotli at a
 * middle quality costs about a millisecond here.
 */
async function compressed(
  request: FastifyRequest,
  html: string,
): Promise<{ body: string | Buffer; encoding?: string }> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return {
      body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(accepted)) return { body: await gzipped(html), encoding: 'gzip' };
  return { body: html };
}

/**
 * Sends a page made per request (a signed-in page, the sign-in page for the server's mode) compressed
 * as the browser accepts, with its own caching rules: `vary` names every request header the page
 * depends on (Accept-Encoding always).
 */
export async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  caching: { cacheControl: string; vary: string },
): Promise<FastifyReply> {
  const { body, encoding } = await compressed(request, html);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('cache-control', caching.cacheControl)
    .header('vary', caching.vary)
    .type('text/html; charset=utf-8')
    .send(body);
}
