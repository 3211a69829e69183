import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { announcedLength, ignoreBody } from '../lib/request-body.ts';

// What happens on the connection itself, below the operations (docs/decisions/0040): time limits set
// on purpose, answers in the envelope for requests that are not valid HTTP or do not arrive in time,
// and a connection that survives every refusal or says that it closes.

/**
 * A refused request's unread body is read and dropped up to this size, so its connection serves the
 * next request; a larger one (or one of unknown length) is answered with `Connection: close`. Above the
 * largest body any call takes (an upload of 3 files of 5 MB).
 */
export const drainLimitBytes = 16 * 1024 * 1024;

/** Sockets whose current request was answered before its body arrived: a late timeout only closes them. */
const answeredEarly = new WeakSet<Socket>();
/** Sockets already refused at the connection level: one answer each. */
const refused = new WeakSet<Socket>();

const reasons = {
  timeout: [408, 'REQUEST_TIMEOUT', 'Request Timeout', 'The request did not arrive in time.'],
  headers: [
    431,
    'HEADERS_TOO_LARGE',
    'Request Header Fields Too Large',
    'The request headers are larger than 16 KB.',
  ],
  malformed: [400, 'VALIDATION_FAILED', 'Bad Request', 'The request is not valid HTTP/1.1.'],
} as const;

function reasonOf(code: string | undefined) {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return reasons.timeout;
  if (code === 'HPE_HEADER_OVERFLOW') return reasons.headers;
  return reasons.malformed;
}

/** One answer in the envelope written straight to the socket (no request object exists), then closed. */
export function writeRawError(
  socket: Socket,
  status: number,
  statusText: string,
  code: string,
  message: string,
) {
  const body = JSON.stringify({ errors: [{ code, message }] });
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
      body,
  );
  // What the client still sends is read (and dropped) for a moment, so it sees the answer, not a reset.
  socket.resume();
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * Node's `clientError`: a request that is not valid HTTP, headers over the limit, a request or its
 * headers not arriving within the time limits. Node and Fastify would answer outside the envelope.
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed) return;
  const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (refused.has(socket) || answeredEarly.has(socket) || current?.headersSent || !socket.writable) {
    // The request has its answer (a body still arriving when the time ran out): only close.
    socket.destroy();
    return;
  }
  refused.add(socket);
  const [status, code, statusText, message] = reasonOf(error.code);
  this.log.info({ code: error.code, status }, 'connection refused before any operation');
  writeRawError(socket, status, statusText, code, message);
}

/** Server options for the time limits and connection-level answers (see `connectionsPlugin`). */
export function connectionOptions(timeouts: Config['timeouts']) {
  const { headersMs, requestMs, idleMs } = timeouts;
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: idleMs,
    // A request being answered has no inactivity limit (a reset of the large scenario takes minutes).
    connectionTimeout: 0,
    // Requests that arrive while the server closes are still answered (with `Connection: close`).
    return503OnClosing: false,
    clientErrorHandler,
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: idleMs,
      // How often Node looks for requests past their limits (its default, 30 s, would make them late).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(headersMs / 4))),
      // Checked by the request guards instead, to answer in the envelope.
      requireHostHeader: false,
    },
  } satisfies Partial<FastifyHttpOptions<Server>>;
}

/** Drops what is left of an answered request's body (within the bounds decided when answering). */
function drainAfterAnswer(raw: IncomingMessage, response: ServerResponse) {
  const socket = raw.socket;
  answeredEarly.add(socket);
  response.once('finish', () => {
    if (raw.complete || raw.destroyed) {
      answeredEarly.delete(socket);
      return;
    }
    raw.once('end', () => answeredEarly.delete(socket));
    // A parser that stopped reading (multipart, a body over its limit) is unhooked; what is left flows away.
    raw.unpipe();
    raw.resume();
  });
}

async function connections(app: FastifyInstance): Promise<void> {
  // An answer given before the body was read (a refusal, an ignored body): the rest of the body is read
  // and dropped up to the bound, so the connection serves the next request; beyond it, it closes.
  app.addHook('onSend', (request, reply, _payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      if (announcedLength(raw) > drainLimitBytes) reply.header('connection', 'close');
      drainAfterAnswer(raw, reply.raw);
    }
    done();
  });

  // A request for an address the contract does not have is answered 404 whatever its body: no parser
  // runs for it (no 413 or 415 for a path that does not exist).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.is404) ignoreBody(request.raw);
    done(null, payload);
  });

  // CONNECT asks for a tunnel: this server is not a proxy, and without a listener Node drops it unanswered.
  app.server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const target = String(request.url ?? '').slice(0, 200);
    writeRawError(socket, 404, 'Not Found', 'NOT_FOUND', `There is no CONNECT ${target} here.`);
  });
  // An `Expect` other than 100-continue is ignored (RFC 9110 allows it) rather than answered 417.
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    app.server.emit('request', request, response);
  });
}

export const connectionsPlugin = fp(connections, { name: 'connections', fastify: '5.x' });
