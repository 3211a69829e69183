import type { paths } from '@portal/contract/schema';
import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryClient from 'openapi-react-query';
import { readStored } from '../browser-storage.ts';
import { emitNetworkFailure, emitSessionLost } from './network-events.ts';

const DEV_USER_KEY = 'portal.devUserId';

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

// 401 here is not a lost session: the profile call answers it to visitors who are not signed in,
// and logging out of an ended session is fine.
const SESSION_PROBES = ['/api/v1/users/me', '/api/logout'];

/**
 * Logs error answers and reports to the app shell requests that got no answer (status 0) and calls
 * refused with 401 (the session ended elsewhere).
 */
const failureMiddleware: Middleware = {
  onResponse({ request, response }) {
    if (!response.ok) console.warn(`[api] ${request.method} ${request.url} -> ${response.status}`);
    const path = new URL(request.url).pathname;
    if (response.status === 401 && !SESSION_PROBES.includes(path)) {
      emitSessionLost({ url: request.url, method: request.method });
    }
    return undefined;
  },
  onError({ request, error }) {
    // A cancelled query is not a failure (DOMException may come from another realm: check the name).
    if (isAbort(error)) return undefined;
    console.error(`[api] ${request.method} ${request.url} failed`, error);
    emitNetworkFailure({ url: request.url, method: request.method });
    return undefined;
  },
};

/** Development only: impersonate a seeded persona (`localStorage['portal.devUserId'] = 'owner@example.com'`). */
const devUserMiddleware: Middleware = {
  onRequest({ request }) {
    const devUser = readStored(DEV_USER_KEY);
    if (devUser) request.headers.set('X-User-Id', devUser);
    return request;
  },
};

/** Where the server's render sends the page's calls (app/signed-in-render.tsx); unset in a browser. */
let serverFetch: ((request: Request) => Promise<Response>) | null = null;

/** For the server's render only: its calls are answered by the server itself, not over the network. */
export function setServerFetch(fetch: (request: Request) => Promise<Response>): void {
  serverFetch = fetch;
}

/** The origin the server's render names its calls with (a URL needs one; nothing is sent there). */
export const SERVER_RENDER_ORIGIN = 'http://portal.invalid';

export const client = createFetchClient<paths>({
  // Same origin in a browser; an absolute URL where there is no page to be relative to.
  baseUrl: typeof window === 'undefined' ? SERVER_RENDER_ORIGIN : '',
  credentials: 'include',
  // openapi-fetch captures fetch at creation; resolve it per call so test doubles and MSW apply.
  fetch: (request) => (serverFetch ?? globalThis.fetch)(request),
});

// The server's render has no shell to tell: a failed call there leaves the page to the app.
if (typeof window !== 'undefined') client.use(failureMiddleware);
if (import.meta.env.DEV) client.use(devUserMiddleware);

/** Typed TanStack Query hooks; query keys are `[method, path, init]`, never written by hand. */
export const $api = createQueryClient(client);
