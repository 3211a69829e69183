import { type ContractDocument, loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { describe, expect, it } from 'vitest';
import { contractRoutes } from './contract-routes.ts';

// The routes the server registers for the contract: their schemas are what Fastify validates requests
// against and serialises answers with, so every reference must be inlined and every part placed.
const id = { type: 'string', minLength: 1 };
const document: ContractDocument = {
  openapi: '3.1.0',
  paths: {
    '/things/{thingId}': {
      parameters: [
        { name: 'thingId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
      ],
      get: {
        operationId: 'getThing',
        tags: ['things'],
        'x-error-codes': ['NOT_FOUND'],
        parameters: [
          { name: 'q', in: 'query', description: 'Search.', schema: { type: 'string' } },
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
          { name: 'If-None-Match', in: 'header', schema: { type: 'string' } },
        ],
        responses: {
          '200': { $ref: '#/components/responses/Thing' },
          '304': { description: 'Not modified.' },
        },
      },
      put: {
        operationId: 'putThing',
        requestBody: {
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Thing', description: 'dropped' } },
            'application/octet-stream': {},
          },
        },
        responses: { '204': { description: 'Saved.' } },
      },
    },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [{ name: 'filter', in: 'query', schema: { type: 'object', properties: { a: id } } }],
        responses: {},
      },
    },
  },
  components: {
    schemas: {
      Id: id,
      Thing: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { id: { $ref: '#/components/schemas/Id' } },
      },
    },
    responses: {
      Thing: {
        description: 'A thing.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
      },
    },
  },
};

describe('contractRoutes', () => {
  const [get, put, search] = contractRoutes(document);

  it('turns each operation into a route with the Fastify form of its path', () => {
    expect([get, put, search].map((route) => [route?.method, route?.url, route?.operationId])).toEqual([
      ['GET', '/things/:thingId', 'getThing'],
      ['PUT', '/things/:thingId', 'putThing'],
      ['GET', '/search', 'search'],
    ]);
  });

  it('places path, query and header parameters (not cookies), shared ones on every operation of the path', () => {
    const pathParams = { type: 'object', properties: { thingId: id }, required: ['thingId'] };
    expect(get?.schema.params).toEqual(pathParams);
    expect(put?.schema.params).toEqual(pathParams);
    expect(get?.schema.querystring).toEqual({
      type: 'object',
      properties: { q: { type: 'string', description: 'Search.' }, limit: { type: 'integer' } },
      required: ['limit'],
    });
    expect(get?.schema.headers).toEqual({
      type: 'object',
      properties: { 'If-None-Match': { type: 'string' } },
    });
    expect(JSON.stringify(get?.schema)).not.toContain('session');
    expect(get?.schema['x-error-codes']).toEqual(['NOT_FOUND']);
  });

  it('takes a single exploded object query parameter as the query itself', () => {
    expect(search?.schema.querystring).toEqual({ type: 'object', properties: { a: id } });
    expect(search?.schema.response).toBeUndefined();
  });

  it('inlines every reference, dropping what sits beside it, and answers only statuses with content', () => {
    const thing = { type: 'object', properties: { id } };
    expect(put?.schema.body).toEqual({ content: { 'application/json': { schema: thing } } });
    expect(get?.schema.response).toEqual({ '200': { content: { 'application/json': { schema: thing } } } });
    expect(put?.schema.response).toBeUndefined();
  });

  it('gives every operation of the real contract a route with no reference left', () => {
    const contract = loadContract();
    const routes = contractRoutes(contract);
    expect(routes.map((route) => route.operationId).sort()).toEqual(
      indexOperations(contract)
        .operations.map((operation) => operation.operationId)
        .sort(),
    );
    expect(JSON.stringify(routes)).not.toContain('$ref');
  });
});
