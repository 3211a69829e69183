import { setupServer } from 'msw/node';
import { createOpenApiHttp } from 'openapi-msw';
import type { ErrorCode, ErrorResponse } from '../lib/api/api-error.ts';
import type { paths } from '../lib/api/schema.ts';
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
];

export const server = setupServer(...defaultHandlers);
