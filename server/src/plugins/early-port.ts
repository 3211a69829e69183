import { lookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from '../config.ts';
import { notReady } from '../lib/lifecycle.ts';
import { connectionOptions } from './connections.ts';

// The port opens when the process starts, before migrations, seeding and the sandboxes' preparation:
// an orchestrator or a load balancer then sees a server that is alive (`getLiveness` 200) and not ready
// (`getHealth` and every other call 503 in the envelope, with Retry-After) instead of a refused
// connection. Fastify is handed the listening server (`serverFactory`) and answers everything once it is
// ready (`takeOver`).

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const LIVENESS_PATH = '/api/v1/health/live';

function json(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
) {
  // An answer to HEAD has no body.
  const text = request.method === 'HEAD' ? '' : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(text);
}

/** What a request gets before the app can answer it. */
export const answerWhileStarting: Handler = (request, response) => {
  // A body is read and dropped, so the connection serves the next request.
  request.resume();
  const path = (request.url ?? '').split('?')[0];
  if (request.method === 'GET' && path === LIVENESS_PATH) {
    json(request, response, 200, { status: 'ok' }, {});
    return;
  }
  const refusal = notReady('starting');
  json(
    request,
    response,
    503,
    { errors: [{ code: refusal.code, message: refusal.message }] },
    refusal.headers,
  );
};

export interface EarlyPort {
  /** The port listened on (the one asked for, or the one the system chose for 0). */
  readonly port: number;
  /** Fastify's `serverFactory`: the listening server, which Fastify answers on after `takeOver`. */
  serverFactory: FastifyServerFactory;
  /** Fastify is ready: it answers every request from now on. */
  takeOver(): void;
  /** Stops taking connections and waits for the calls being answered (Fastify does not close a server it did not make listen). */
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Opens the port with the app's time limits; `localhost` is every loopback address it names (as Fastify does). */
export async function openEarlyPort(config: Pick<Config, 'host' | 'port' | 'timeouts'>): Promise<EarlyPort> {
  let answer: Handler = answerWhileStarting;
  let fastifyHandler: Handler | undefined;
  const options = connectionOptions(config.timeouts);
  const servers: Server[] = [];
  const addresses =
    config.host === 'localhost'
      ? [...new Set((await lookup('localhost', { all: true })).map((entry) => entry.address))]
      : [config.host];
  let port = config.port;
  for (const address of addresses) {
    const server = createServer(options.http, (request, response) => answer(request, response));
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    try {
      await listen(server, address, port);
    } catch (error) {
      // Only the first address must be free; a second loopback family may be missing (as in Fastify).
      if (servers.length === 0) throw error;
      continue;
    }
    const bound = server.address();
    if (bound && typeof bound === 'object') port = bound.port;
    servers.push(server);
  }
  const [main] = servers as [Server, ...Server[]];
  return {
    port,
    serverFactory: (handler) => {
      fastifyHandler = handler as Handler;
      return main;
    },
    takeOver() {
      if (!fastifyHandler) throw new Error('the app was not built on this port');
      answer = fastifyHandler;
    },
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        ),
      );
    },
  };
}
