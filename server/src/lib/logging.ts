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

/**
 * One line per request once it is answered (Fastify's own request logging writes two: incoming and
 * completed; it is switched off with `LogController({ disableRequestLogging })`).
 */
async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
}

export const requestLogPlugin = fp(requestLog, { name: 'request-log', fastify: '5.x' });
