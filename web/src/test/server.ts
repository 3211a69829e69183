import type { paths } from '@portal/contract/schema';
import { HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { createOpenApiHttp } from 'openapi-msw';
import { onTestFinished } from 'vitest';
import type { ErrorCode, ErrorResponse } from '../lib/api/api-error.ts';
import type { CurrentUser } from '../lib/api/types.ts';
import { portalConfig, products } from './fixtures.ts';

/** MSW handlers typed by the contract: paths, params and bodies are checked against openapi.yaml. */
export const http = createOpenApiHttp<paths>();

/** An error envelope as the server sends it. */
export function errorBody(code: ErrorCode, message = 'Request failed.'): ErrorResponse {
  return { errors: [{ code, message, requestId: 'req-test' }] };
}

export const unauthenticated = errorBody('UNAUTHENTICATED', 'Sign in first.');

export function currentUserHandler(user: CurrentUser | null) {
  return http.get('/api/v1/users/me', ({ response }) =>
    user ? response(200).json(user) : response(401).json(unauthenticated),
  );
}

export const defaultHandlers = [
  http.get('/api/v1/config', ({ response }) => response(200).json(portalConfig)),
  currentUserHandler(null),
  http.get('/api/v1/products', ({ response }) => response(200).json(products)),
  http.get('/api/v1/products/download/jobs', ({ response }) => response(200).json([])),
  http.get('/api/v1/invitations/claimed/{filter}', ({ response }) => response(200).json([])),
  http.get('/api/v1/invitations/unclaimed/{filter}', ({ response }) => response(200).json([])),
  // Company and admin screens: an unregistered company, empty lists.
  http.get('/api/v1/agents', ({ response }) => response(200).json({ status: null })),
  http.get('/api/v1/agents/files', ({ response }) => response(200).json([])),
  http.get('/api/v1/agents/invitations/{filter}', ({ response }) => response(200).json([])),
  http.get('/api/v1/admin/applications', ({ response }) => response(200).json([])),
  http.get('/api/v1/admin/sharings', ({ response }) => response(200).json([])),
];

export const server = setupServer(...defaultHandlers);

/** A HEAD answer for a static document: 200 with a content type, or an error status. */
export function documentHead(status: number, contentType = 'application/pdf'): Response {
  return new Response(null, { status, headers: status < 300 ? { 'content-type': contentType } : {} });
}

/**
 * A gate for a mock answer: the handler awaits `opened` and the test calls `open()` once it has seen what
 * the screen shows while the request runs. No timed window, so a slow machine cannot skip the state.
 */
export function answerGate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

type GetPath = Parameters<typeof http.get>[0];

/**
 * GET `path` answered 200 with `body` only once the test opens the returned gate: the screen's
 * loading state stays on screen for as long as the test looks at it.
 */
export function heldAnswer(path: GetPath, body: JsonBodyType): { open: () => void } {
  const gate = answerGate();
  server.use(
    http.get(path, async ({ response }) => {
      await gate.opened;
      return response.untyped(HttpResponse.json(body));
    }),
  );
  return gate;
}

/** Every request the app sends from now until the test ends, as `METHOD /path`. */
export function sentRequests(): string[] {
  const sent: string[] = [];
  const record = ({ request }: { request: Request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', record);
  onTestFinished(() => server.events.removeListener('request:start', record));
  return sent;
}
