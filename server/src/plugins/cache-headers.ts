import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON answers of the API hold personal data and change with every action: no browser, proxy or
 * back/forward cache may keep them. Routes that set their own policy (PDFs, exports) keep it.
 */
async function cacheHeaders(app: FastifyInstance): Promise<void> {
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.includes('json')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

export const cacheHeadersPlugin = fp(cacheHeaders, { name: 'cache-headers', fastify: '5.x' });
