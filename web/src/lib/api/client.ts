import type { paths } from '@portal/contract/schema';
import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryClient from 'openapi-react-query';
import { emitNetworkFailure } from './network-events.ts';

const DEV_USER_KEY = 'portal.devUserId';

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** Logs error answers and reports requests that got no answer (status 0) to the app shell. */
const failureMiddleware: Middleware = {
  onResponse({ request, response }) {
    if (!response.ok) console.warn(`[api] ${request.method} ${request.url} -> ${response.status}`);
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
    const devUser = window.localStorage.getItem(DEV_USER_KEY);
    if (devUser) request.headers.set('X-User-Id', devUser);
    return request;
  },
};

export const client = createFetchClient<paths>({
  baseUrl: '',
  credentials: 'include',
  // openapi-fetch captures fetch at creation; resolve it per call so test doubles and MSW apply.
  fetch: (request) => globalThis.fetch(request),
});

client.use(failureMiddleware);
if (import.meta.env.DEV) client.use(devUserMiddleware);

/** Typed TanStack Query hooks; query keys are `[method, path, init]`, never written by hand. */
export const $api = createQueryClient(client);
