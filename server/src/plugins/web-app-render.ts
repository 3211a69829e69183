import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Role } from '../lib/route.ts';

// The server's render of a signed-in first page: the web build's server entry (web/src/app/
// signed-in-render.tsx, built into <webDist>/ssr/) draws the page from the answers of the page's first
// GET calls, which the page then carries so the app draws the same page without asking again. See
// docs/decisions/0036-signed-in-page-drawn-by-the-server.md.

/** Where the web build writes its server entry, inside the built app (never served, see web-app.ts). */
export const SERVER_RENDER_DIR = 'ssr';
const SERVER_RENDER_FILE = path.join(SERVER_RENDER_DIR, 'signed-in-render.js');

/** The devices the app lays out for (web/src/lib/breakpoints.ts). */
type Device = 'mobile' | 'tablet' | 'laptop';

type RenderInput = {
  pathname: string;
  user: CurrentUser;
  answers: Record<string, unknown>;
  language: string;
  device: Device;
};
type Render = (input: RenderInput) => Promise<string>;

export type FirstCall = { url: string; operationId: string };

/**
 * The pages the server renders, for whom, and the GET calls their first render reads (also preloaded
 * when the page is not rendered). Each is a call the app makes with the same credentials.
 */
export const renderedPages: Record<string, { role: Role; calls: readonly FirstCall[] }> = {
  '/products': {
    role: 'user',
    calls: [
      { url: '/api/v1/products', operationId: 'listProducts' },
      { url: '/api/v1/products/download/jobs', operationId: 'listDownloadJobs' },
    ],
  },
};
/** Drawn above every page (the mode banner, the product name). */
export const configCall: FirstCall = { url: '/api/v1/config', operationId: 'getPortalConfig' };

let loaded: { file: string; version: number; render: Render } | undefined;

/** The web build's render function, reloaded after a rebuild; null when the build has none. */
export async function loadRender(webDist: string): Promise<Render | null> {
  const file = path.join(webDist, SERVER_RENDER_FILE);
  const version = await stat(file).then(
    (info) => info.mtimeMs,
    () => null,
  );
  if (version === null) return null;
  if (loaded?.file !== file || loaded.version !== version) {
    const module = (await import(`${pathToFileURL(file).href}?v=${version}`)) as {
      renderSignedInPage?: Render;
    };
    if (typeof module.renderSignedInPage !== 'function') return null;
    loaded = { file, version, render: module.renderSignedInPage };
  }
  return loaded.render;
}

/** Where the app's layouts change (web/src/lib/breakpoints.ts: tablet from 768 px, laptop from 1024 px). */
const TABLET_FROM = 768;
const LAPTOP_FROM = 1024;

/** Asked of every browser on every page (web-app.ts), so its next page request says its width. */
export const VIEWPORT_HINT = 'Sec-CH-Viewport-Width';

/**
 * The layout the request's browser draws: from its viewport's width when it says it (a Chromium that
 * has seen our `Accept-CH`), else from the client hint every Chromium sends (`Sec-CH-UA-Mobile`), else
 * from the user agent. A wrong guess shows the other header (links or menu button) until the app starts.
 */
export function deviceOf(request: FastifyRequest): Device {
  const width = Number(request.headers[VIEWPORT_HINT.toLowerCase()]);
  if (Number.isFinite(width) && width > 0)
    return width < TABLET_FROM ? 'mobile' : width < LAPTOP_FROM ? 'tablet' : 'laptop';
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return 'mobile';
  if (mobileHint === '?0') return 'laptop';
  return /Mobi|Android|iPhone/.test(request.headers['user-agent'] ?? '') ? 'mobile' : 'laptop';
}

/** The language the app will draw in: the visitor's choice (its cookie), else the portal's default. */
function languageOf(request: FastifyRequest, config: unknown): string {
  const chosen = request.cookies.portal_language;
  if (chosen) return chosen;
  const fallback = (config as { defaultLanguage?: unknown } | undefined)?.defaultLanguage;
  return typeof fallback === 'string' ? fallback : 'en';
}

/**
 * The answers of the page's first calls, asked of this server with the visitor's own cookies (so the
 * same checks, world and validation apply), or null when one is not a 200 or a simulated fault waits
 * for it (the app must meet the fault itself).
 */
async function firstAnswers(
  request: FastifyRequest,
  calls: readonly FirstCall[],
): Promise<Record<string, unknown> | null> {
  const { faults } = request.world;
  const pending = await Promise.all(calls.map((call) => faults.pendingFor(call.operationId)));
  if (pending.some(Boolean)) return null;
  const answers = await Promise.all(
    calls.map((call) =>
      request.server.inject({
        method: 'GET',
        url: call.url,
        headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
      }),
    ),
  );
  if (answers.some((answer) => answer.statusCode !== 200)) return null;
  return Object.fromEntries(calls.map((call, index) => [call.url, answers[index]?.json()]));
}

export type RenderedPage = { markup: string; answers: Record<string, unknown> };

/**
 * The page drawn by the server for this signed-in visit, or null when the route is not one it draws
 * for this user, the build has no server entry, an answer is missing, or the render failed (the page
 * is then sent as before and the app draws it).
 */
export async function renderPage(
  request: FastifyRequest,
  webDist: string,
  route: string,
  user: CurrentUser,
): Promise<RenderedPage | null> {
  const page = renderedPages[route];
  if (!page || page.role !== user.role || user.termsToAccept) return null;
  try {
    const render = await loadRender(webDist);
    if (!render) return null;
    const answers = await firstAnswers(request, [configCall, ...page.calls]);
    if (!answers) return null;
    const markup = await render({
      pathname: route,
      user,
      answers,
      language: languageOf(request, answers[configCall.url]),
      device: deviceOf(request),
    });
    // A part that failed to render is left to the browser (`<!--$!-->`): then the app draws it all.
    if (markup.includes('<!--$!-->')) {
      const reason = markup.match(/<template data-msg="([^"]*)"/)?.[1] ?? 'unknown';
      throw new Error(`a part of the page failed to render: ${reason.slice(0, 300)}`);
    }
    return { markup, answers };
  } catch (error) {
    request.log.warn({ err: error, route }, 'signed-in page not rendered by the server');
    return null;
  }
}
