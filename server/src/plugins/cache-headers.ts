import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON answers of the API hold personal data and change with every action: no browser, proxy or
 * back/forward cache may keep them. Routes that set their own policy (PDFs, exports) keep it.
 */
async function cacheHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('json')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export const cacheHeadersPlugin = fp(cacheHeaders, { name: 'cache-headers', fastify: '5.x' });
