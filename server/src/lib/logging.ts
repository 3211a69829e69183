import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { redactUrl } from './redact.ts';

/**
 * Pino options for the server. Writes go through an asynchronous destination: under load, lines that
 * arrive while a write is pending leave in one system call instead of one each (pino flushes it at
 * exit). Cookies, authorisation headers and codes in URLs are never logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const destination = stream ?? (level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }));
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request) => ({ id: request.id, method: request.method, url: redactUrl(request.url) }),
    },
  };
}

// An answer this slow is worth an operator's attention even when it succeeded.
const slowMs = 1_000;
const debugValue = pino.levels.values.debug as number;

/**
 * One line per answered request (Fastify's own request logging writes two: incoming and completed;
 * it is switched off with `LogController({ disableRequestLogging })`). At `info`, only what an
 * operator acts on: errors (4xx, 5xx) and slow answers; every answer at `debug`. A line per hot read
 * was the largest cost left in its profile (decision 0030). Flat fields only: pino writes strings and
 * numbers directly, nested objects go through its generic serialiser. The request id comes with
 * `request.log`.
 */
async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const elapsed = reply.elapsedTime;
    const notable = statusCode >= 400 || elapsed >= slowMs;
    if (notable || (pino.levels.values[request.log.level] ?? Number.POSITIVE_INFINITY) <= debugValue) {
      request.log[notable ? 'info' : 'debug'](
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode,
          responseTime: Math.round(elapsed * 10) / 10,
        },
        'request completed',
      );
    }
    done();
  });
}

export const requestLogPlugin = fp(requestLog, { name: 'request-log', fastify: '5.x' });
