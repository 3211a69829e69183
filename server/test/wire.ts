// Requests on the wire, for the fuzz suite and the connection tests: over kept-alive connections with
// Node's HTTP client (so a connection a refusal left broken shows as the next request failing, as it
// would for a browser), and as raw bytes on a socket for what an HTTP client cannot send (malformed
// HTTP, a body that stops or trickles, headers that never end).
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface WireAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the request went out on a connection an earlier request had used. */
  reused?: boolean;
}

export interface WireFailure {
  /** What went wrong instead of an answer: `ECONNRESET`, `no answer within 10000 ms`... */
  failure: string;
  /** Whether the request went out on a connection an earlier request had used. */
  reused: boolean;
}

export type WireResult = WireAnswer | WireFailure;

export const isFailure = (result: WireResult): result is WireFailure => 'failure' in result;

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * One caller's connection: every request waits for the previous answer and goes out on the same
 * kept-alive socket, unless the server said `Connection: close` (Node's agent then opens a new one).
 */
export function keptAliveClient(baseUrl: string, answerWithinMs = 10_000) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // Node's `reusedSocket` misses a socket handed to a request that waited for it: compare sockets.
  let lastSocket: unknown;
  return {
    send(request: WireRequest): Promise<WireResult> {
      return new Promise((resolve) => {
        let reused = false;
        const req = httpRequest(
          {
            agent,
            host: hostname,
            port,
            method: request.method,
            path: request.url,
            headers: {
              ...request.headers,
              ...(request.body !== undefined ? { 'content-length': Buffer.byteLength(request.body) } : {}),
            },
            // The URL forms are sent exactly as generated (`//`, `..`, `%2e`).
            insecureHTTPParser: false,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              clearTimeout(timer);
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
                reused,
              });
            });
            res.on('error', (error) => resolve({ failure: error.message, reused }));
          },
        );
        req.on('socket', (socket) => {
          reused = socket === lastSocket;
          lastSocket = socket;
        });
        const timer = setTimeout(() => {
          req.destroy();
          resolve({ failure: `no answer within ${answerWithinMs} ms`, reused });
        }, answerWithinMs);
        req.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          resolve({ failure: error.code ?? error.message, reused });
        });
        req.end(request.body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Reads one answer (status line, headers, a body of Content-Length) from raw bytes. */
function parseAnswer(text: string, head: boolean): WireAnswer | null {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = head ? 0 : Number(headers['content-length'] ?? 0);
  const body = Buffer.from(text.slice(end + 4), 'latin1');
  if (body.length < length) return null;
  return { status, headers, body: body.subarray(0, length).toString('utf8') };
}

export interface RawDelivery {
  /** Bytes sent at once before anything else (the whole request when nothing else is given). */
  first: string;
  /** Sent afterwards in pieces of `pieceBytes`, one every `pauseMs` (a slow client). */
  trickle?: { rest: string; pieceBytes: number; pauseMs: number };
  /** Close the socket after sending (a client that leaves half-way). */
  leave?: boolean;
  /** The answer to a request the server read as HEAD has no body. */
  head?: boolean;
}

/**
 * Sends raw bytes on a fresh socket and reads the first answer. A socket the server closes without
 * an answer, or no answer within `answerWithinMs`, is a failure.
 */
export function sendRaw(
  baseUrl: string,
  delivery: RawDelivery,
  answerWithinMs = 10_000,
): Promise<WireResult> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    let received = '';
    let settled = false;
    const settle = (result: WireResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ failure: `no answer within ${answerWithinMs} ms`, reused: false }),
      answerWithinMs,
    );
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const answer = parseAnswer(received, delivery.head === true);
      if (answer) settle(answer);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer arrived is the server closing; before it, a failure.
      settle(
        parseAnswer(received, delivery.head === true) ?? {
          failure: error.code ?? error.message,
          reused: false,
        },
      );
    });
    socket.on('close', () =>
      settle(
        parseAnswer(received, delivery.head === true) ?? {
          failure: 'closed without an answer',
          reused: false,
        },
      ),
    );
    socket.write(delivery.first, 'latin1');
    if (delivery.trickle) {
      const { rest, pieceBytes, pauseMs } = delivery.trickle;
      let offset = 0;
      const next = () => {
        if (settled || offset >= rest.length) return;
        socket.write(rest.slice(offset, offset + pieceBytes), 'latin1');
        offset += pieceBytes;
        setTimeout(next, pauseMs);
      };
      setTimeout(next, pauseMs);
    }
    if (delivery.leave) setTimeout(() => settle({ failure: 'left', reused: false }), 50);
  });
}
