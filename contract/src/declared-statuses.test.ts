import { describe, expect, it } from 'vitest';
import { loadContract, type SchemaNode } from './document.ts';
import { indexOperations } from './operations.ts';

// What the server really answers must be declared: these rules hold for every operation.
const document = loadContract();
const operations = indexOperations(document).operations.map((operation) => ({
  path: operation.path,
  method: operation.method.toLowerCase(),
  operation: operation.raw,
  indexed: operation,
}));
const responsesOf = (operation: SchemaNode) => operation.responses as Record<string, SchemaNode>;
const codesOf = (operation: SchemaNode) => operation['x-error-codes'] as string[];

describe('declared statuses', () => {
  it('every JSON body declares 413 and 415 through the shared responses, with their codes', () => {
    const withJson = operations.filter(({ indexed }) =>
      Boolean(indexed.requestBody?.content['application/json']),
    );
    expect(withJson.length).toBeGreaterThan(3);
    for (const { operation } of withJson) {
      expect(responsesOf(operation)['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
      expect(responsesOf(operation)['415']).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
      expect(codesOf(operation)).toEqual(
        expect.arrayContaining(['BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']),
      );
    }
  });

  it('every operation with a request body declares 408 REQUEST_TIMEOUT (a body that does not arrive in time)', () => {
    const withBody = operations.filter(({ operation }) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(3);
    for (const { operation } of withBody) {
      expect(responsesOf(operation)['408'], operation.operationId as string).toEqual({
        $ref: '#/components/responses/RequestTimeout',
      });
      expect(codesOf(operation)).toContain('REQUEST_TIMEOUT');
    }
  });

  it('every operation the validating proxy forwards declares its 502 BAD_GATEWAY and 504 GATEWAY_TIMEOUT', () => {
    // The proxy forwards all but the simulator's operations and the server's own health and configuration.
    const forwarded = operations.filter(
      ({ indexed }) => !indexed.tags.includes('simulation') && !indexed.tags.includes('meta'),
    );
    expect(forwarded.length).toBeGreaterThan(30);
    for (const { method, operation } of forwarded) {
      const prefix = method === 'head' ? 'Head' : '';
      expect(responsesOf(operation)['502'], operation.operationId as string).toEqual({
        $ref: `#/components/responses/${prefix}BadGateway`,
      });
      expect(responsesOf(operation)['504'], operation.operationId as string).toEqual({
        $ref: `#/components/responses/${prefix}GatewayTimeout`,
      });
      expect(codesOf(operation)).toEqual(expect.arrayContaining(['BAD_GATEWAY', 'GATEWAY_TIMEOUT']));
    }
  });

  it('x-unmatched declares what a request that reaches no operation gets, with catalogued codes', () => {
    const unmatched = indexOperations(document).unmatched;
    const catalogue = document['x-error-catalogue'] as Record<string, { status: number }>;
    expect(unmatched?.statuses.sort()).toEqual(['400', '403', '404', '408', '431', '503']);
    for (const code of unmatched?.errorCodes ?? []) {
      expect(unmatched?.responses[String(catalogue[code]?.status)], code).toBeDefined();
    }
  });

  it('every operation with a header or query parameter declares 400', () => {
    for (const { path, operation, indexed } of operations) {
      if (indexed.parameters.some((p) => p.in === 'header' || p.in === 'query')) {
        expect(responsesOf(operation)['400'], `${operation.operationId} ${path}`).toBeDefined();
      }
    }
  });

  it('every operation with path parameters declares 400 (bad encoding, over-long segment)', () => {
    for (const { path, operation } of operations.filter(({ path }) => path.includes('{'))) {
      expect(responsesOf(operation)['400'], path).toBeDefined();
    }
  });

  it('an error answer is a shared response component unless no component offers its codes', () => {
    const components = (document.components as { responses: Record<string, SchemaNode> }).responses;
    const exampleNames = (response: SchemaNode | undefined) =>
      Object.values((response?.content ?? {}) as Record<string, SchemaNode>)
        .flatMap((media) => Object.keys((media.examples ?? {}) as object))
        .sort()
        .join();
    const shared = new Set(Object.values(components).map(exampleNames));
    for (const { operation } of operations) {
      for (const [status, response] of Object.entries(responsesOf(operation))) {
        if (Number(status) >= 400 && !response.$ref)
          expect(shared.has(exampleNames(response)), `${operation.operationId} ${status}`).toBe(false);
      }
    }
  });

  it('every state-changing /api call declares 403 CSRF_REJECTED, every secured one 401', () => {
    for (const { path, method, operation, indexed } of operations) {
      if (path.startsWith('/api/') && ['post', 'put', 'delete'].includes(method)) {
        expect(codesOf(operation), `${method} ${path}`).toContain('CSRF_REJECTED');
      }
      if (indexed.secured) expect(responsesOf(operation)['401'], `${method} ${path}`).toBeDefined();
    }
  });

  it('HEAD operations declare no body in any answer', () => {
    const heads = operations.filter(({ method }) => method === 'head');
    expect(heads.length).toBeGreaterThan(0);
    for (const { indexed } of heads) {
      for (const response of Object.values(indexed.responses)) expect(response.content).toEqual({});
    }
  });

  it('every code an operation lists is in the error catalogue and every status of it is declared', () => {
    const catalogue = document['x-error-catalogue'] as Record<string, { status: number }>;
    for (const { operation } of operations) {
      for (const code of codesOf(operation) ?? []) {
        const status = catalogue[code]?.status;
        expect(status, code).toBeDefined();
        if (code !== 'LOGIN_FAILED')
          expect(responsesOf(operation)[String(status)], `${operation.operationId} ${code}`).toBeDefined();
      }
    }
  });
});
