import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ContractDocument } from '@portal/contract/document';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The contract as a browsable, try-it-out API reference at /docs (and raw at /docs/json, /docs/yaml). */
async function docs(app: FastifyInstance, options: { document: ContractDocument }): Promise<void> {
  await app.register(swagger, {
    mode: 'static',
    specification: { document: options.document as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { withCredentials: true, docExpansion: 'list', deepLinking: true },
  });
}

export const docsPlugin = fp(docs, { name: 'docs', fastify: '5.x' });
