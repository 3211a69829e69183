import type { ContractDocument } from '@portal/contract/document';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import fp from 'fastify-plugin';

/** Headers of the reference's answer the server's own reply sets itself. */
const ownHeaders = new Set(['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding']);
/** What the reference answers for a path it has nothing at: the server's own not-found answer then. */
const missing = 'x-portal-docs-missing';

/**
 * The reference on its own Fastify instance: @fastify/swagger serving the contract, @fastify/swagger-ui
 * with its static files, as they would be registered on the server itself.
 */
async function buildReference(document: ContractDocument): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const reference = Fastify({ exposeHeadRoutes: false });
  reference.setNotFoundHandler((_request, reply) => reply.code(404).header(missing, '1').send());
  await reference.register(swagger, { mode: 'static', specification: { document: document as never } });
  await reference.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { withCredentials: true, docExpansion: 'list', deepLinking: true },
  });
  await reference.ready();
  return reference;
}

/**
 * The contract as a browsable, try-it-out API reference at /docs (and raw at /docs/json, /docs/yaml).
 * Swagger UI and what it brings (its static files' server, a YAML writer: about a hundred modules and
 * a scan of its folder) load on the first visit to /docs, not on every start of the server (decision
 * 0100): the reference runs on an instance of its own, and each call to /docs is answered with that
 * instance's answer, so the pages, headers (its Content-Security-Policy) and redirects are Swagger UI's.
 */
async function docs(app: FastifyInstance, options: { document: ContractDocument }): Promise<void> {
  let reference: Promise<FastifyInstance> | undefined;
  const loaded = () => {
    reference ??= buildReference(options.document).catch((error: unknown) => {
      reference = undefined;
      throw error;
    });
    return reference;
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const answered = await (await loaded()).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    if (answered.headers[missing]) return reply.callNotFound();
    if (answered.statusCode >= 500) throw new Error(`the API reference answered ${answered.statusCode}`);
    const head = request.method === 'HEAD';
    for (const [name, value] of Object.entries(answered.headers))
      if (value !== undefined && (!ownHeaders.has(name) || (head && name === 'content-length')))
        reply.header(name, value);
    reply.code(answered.statusCode);
    return answered.rawPayload.length > 0 ? reply.send(answered.rawPayload) : reply.send();
  };
  for (const url of ['/docs', '/docs/*']) app.route({ method: ['GET', 'HEAD'], url, handler: answer });
  app.addHook('onClose', async () => {
    await (await reference?.catch(() => undefined))?.close();
  });
}

export const docsPlugin = fp(docs, { name: 'docs', fastify: '5.x' });
