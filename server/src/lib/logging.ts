import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { redactUrl } from './redact.ts';

// Lines are buffered up to this many bytes, and written at least this often.
const bufferBytes = 4096;
const flushEveryMs = 500;

/** Standard output, buffered: one system call per few dozen lines under load instead of one each. */
function bufferedStdout() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: bufferBytes });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Still opening, or a write in flight: the next tick writes it.
    }
  }, flushEveryMs).unref();
  return destination;
}

/**
 * Pino options for the server. Writes go through an asynchronous, buffered destination (a line waits
 * at most half a second; pino flushes it at exit): the write system call per line was most of the
 * logging cost of a hot read (decision 0030). Cookies, authorisation headers and codes in URLs are
 * never logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const destination = stream ?? (level === 'silent' ? undefined : bufferedStdout());
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request) => ({ id: request.id, method: request.method, url: redactUrl(request.url) }),
    },
  };
}

/**
 * One line per request once it is answered (Fastify's own request logging writes two: incoming and
 * completed; it is switched off with `LogController({ disableRequestLogging })`). Flat fields only:
 * pino writes strings and numbers directly, while nested objects go through its generic serialiser.
 * The request id comes with `request.log`.
 */
async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}

export const requestLogPlugin = fp(requestLog, { name: 'request-log', fastify: '5.x' });
