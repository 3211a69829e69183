import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How long a browser may keep a preflight's answer (seconds). */
const preflightMaxAge = 600;

/** Headers no page may read, whatever the server says (Fetch's forbidden response header names). */
const neverExposed = new Set(['set-cookie', 'set-cookie2']);

/**
 * What a page on another origin needs, read from the contract: the methods its operations use, the
 * request headers they take (plus `Content-Type`, `X-Sandbox` and `X-Request-Id`), and every response
 * header an answer declares (a page reads `Retry-After`, `ETag`, paging links only when exposed).
 */
export function corsSurface(document: ContractDocument): {
  methods: string[];
  requestHeaders: string[];
  exposedHeaders: string[];
} {
  const used = new Set<string>();
  const requestHeaders = new Set(['Content-Type', 'X-Sandbox', 'X-Request-Id']);
  const exposed = new Set(['X-Request-Id']);
  for (const operation of indexOperations(document).operations) {
    used.add(operation.method);
    for (const parameter of operation.parameters) {
      if (parameter.in === 'header') requestHeaders.add(parameter.name);
    }
    for (const response of Object.values(operation.responses)) {
      for (const { name } of response.headers) {
        if (!neverExposed.has(name.toLowerCase())) exposed.add(name);
      }
    }
  }
  return { methods: [...used], requestHeaders: [...requestHeaders], exposedHeaders: [...exposed] };
}

/** A preflight: the browser asks before a call it may not send unasked (Fetch's CORS-preflight request). */
export const isPreflight = (request: FastifyRequest): boolean =>
  request.method === 'OPTIONS' &&
  typeof request.headers.origin === 'string' &&
  typeof request.headers['access-control-request-method'] === 'string';

/**
 * Cross-origin calls to the API from the origins listed in `CORS_ORIGINS`, with credentials
 * (@fastify/cors). Only the API, only listed origins: any other origin gets no CORS header, its
 * preflight is refused by the request guards (403 CSRF_REJECTED), and its writes are refused as
 * cross-site. Without CORS_ORIGINS this plugin is not registered at all.
 */
async function corsPlugin(
  app: FastifyInstance,
  options: { origins: string[]; document: ContractDocument },
): Promise<void> {
  const allowed = new Set(options.origins);
  const surface = corsSurface(options.document);
  const listed: FastifyCorsOptions = {
    credentials: true,
    methods: surface.methods,
    allowedHeaders: surface.requestHeaders,
    exposedHeaders: surface.exposedHeaders,
    maxAge: preflightMaxAge,
    // A listed origin's OPTIONS without Access-Control-Request-Method is no preflight: it goes on to
    // the router (404 in the envelope) instead of @fastify/cors's plain-text 400.
    strictPreflight: false,
  };
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin) || !request.url.startsWith('/api/')) {
        callback(null, { origin: false });
        return;
      }
      callback(null, { ...listed, origin, preflight: isPreflight(request) });
    },
  });
}

export const corsOriginsPlugin = fp(corsPlugin, { name: 'cors-origins', fastify: '5.x' });
