import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { COOKIES, type SignedInRender, type SignedInRenderResult } from '@portal/contract/web-app';
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user.ts';

// The server's render of a signed-in page: the web build's server entry (web/src/app/signed-in-render.tsx,
// built into <webDist>/ssr/) draws the page of any signed-in route, asking this server for each GET call
// the page makes, with the visitor's own cookies; the page then carries the answers, so the app draws
// the same page without asking again. See docs/decisions/0043.

/** Where the web build writes its server entry, inside the built app (never served, see web-app.ts). */
export const SERVER_RENDER_DIR = 'ssr';
const SERVER_RENDER_FILE = path.join(SERVER_RENDER_DIR, 'signed-in-render.js');

let loaded: { file: string; version: number; render: SignedInRender } | undefined;

/** The web build's render function, reloaded after a rebuild; null when the build has none. */
export async function loadRender(webDist: string): Promise<SignedInRender | null> {
  const file = path.join(webDist, SERVER_RENDER_FILE);
  const version = await stat(file).then(
    (info) => info.mtimeMs,
    () => null,
  );
  if (version === null) return null;
  if (loaded?.file !== file || loaded.version !== version) {
    const module = (await import(`${pathToFileURL(file).href}?v=${version}`)) as {
      renderSignedInPage?: SignedInRender;
    };
    if (typeof module.renderSignedInPage !== 'function') return null;
    loaded = { file, version, render: module.renderSignedInPage };
  }
  return loaded.render;
}

/** Why a page is left to the app: not an error of the server, only a reason not to draw it. */
class NotDrawn extends Error {}

/** The contract's GET operations as path patterns, literal paths first: the operation of a call. */
let getOperations: { operationId: string; pattern: RegExp }[] | undefined;

function operationOf(pathname: string): string | undefined {
  getOperations ??= indexOperations(loadContract())
    .operations.filter((operation) => operation.method === 'GET')
    .sort((a, b) => a.path.split('{').length - b.path.split('{').length)
    .map((operation) => ({
      operationId: operation.operationId,
      pattern: new RegExp(
        `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
      ),
    }));
  return getOperations.find((operation) => operation.pattern.test(pathname))?.operationId;
}

/** The headers of an answer the app reads besides the body (paged lists: next page, total). */
const CARRIED_HEADERS = ['content-type', 'link', 'x-total-count'];

/**
 * One GET call of the page, asked of this server with the visitor's own cookies (so the same checks,
 * world and validation apply). Refused, so that the page is left to the app: anything but a GET of a
 * contract operation, a call a simulated fault waits for (the app must meet the fault itself), and an
 * answer other than 200 (the app shows the failure its own way).
 */
async function firstCall(request: FastifyRequest, call: Request): Promise<Response> {
  const url = new URL(call.url);
  const operationId = call.method === 'GET' ? operationOf(url.pathname) : undefined;
  if (!operationId) throw new NotDrawn(`the page asked for ${call.method} ${url.pathname}`);
  if (await request.world.faults.pendingFor(operationId))
    throw new NotDrawn(`a simulated fault waits for ${operationId}`);
  const answer = await request.server.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
  });
  if (answer.statusCode !== 200) throw new NotDrawn(`${operationId} answered ${answer.statusCode}`);
  const headers = new Headers();
  for (const name of CARRIED_HEADERS) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Response(answer.rawPayload, { status: 200, headers });
}

/**
 * The page drawn by the server for this signed-in visit, or null when the page is the app's to draw:
 * the route is not a screen this visitor may see, the build has no server entry, a call was refused
 * (above), or a part of the render failed. The page is then sent as before and the app draws it.
 */
export async function renderPage(
  request: FastifyRequest,
  webDist: string,
  user: CurrentUser,
): Promise<SignedInRenderResult | null> {
  try {
    const render = await loadRender(webDist);
    if (!render) return null;
    const drawn = await render({
      url: request.url,
      user,
      language: request.cookies[COOKIES.language] ?? null,
      fetch: (call) => firstCall(request, call),
    });
    // A part that failed to render is left to the browser (`<!--$!-->`): then the app draws it all.
    if (drawn?.markup.includes('<!--$!-->')) {
      const reason = drawn.markup.match(/<template data-msg="([^"]*)"/)?.[1] ?? 'unknown';
      throw new Error(`a part of the page failed to render: ${reason.slice(0, 300)}`);
    }
    return drawn;
  } catch (error) {
    if (error instanceof NotDrawn) request.log.debug({ reason: error.message }, 'page left to the app');
    else request.log.warn({ err: error, url: request.url }, 'signed-in page not rendered by the server');
    return null;
  }
}
