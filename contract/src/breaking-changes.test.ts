import { describe, expect, it } from 'vitest';
import { findBreakingChanges } from './breaking-changes.ts';
import { type ContractDocument, loadContract } from './document.ts';

const base = loadContract();
const copy = (): ContractDocument => structuredClone(base);
// biome-ignore lint/suspicious/noExplicitAny: the tests edit arbitrary nodes of the parsed contract
type Node = Record<string, any>;
const op = (doc: ContractDocument, path: string, method: string) => doc.paths[path]?.[method] as Node;
const whats = (doc: ContractDocument) => findBreakingChanges(base, doc).map((c) => `${c.where}: ${c.what}`);

describe('findBreakingChanges', () => {
  it('finds nothing between a contract and itself', () => {
    expect(findBreakingChanges(base, copy())).toEqual([]);
  });

  it('lets additive changes pass: a new operation, an optional query parameter, a new status, a new response property', () => {
    const doc = copy();
    doc.paths['/api/v1/extra'] = {
      get: { operationId: 'extra', responses: { '200': { description: 'ok' } } },
    };
    const list = op(doc, '/api/v1/products', 'get');
    list.parameters = [
      ...(list.parameters ?? []),
      { name: 'limit', in: 'query', schema: { type: 'integer' } },
    ];
    list.responses['418'] = { description: 'teapot' };
    (doc.components as Node).schemas.Product.properties.extra = { type: 'string' };
    expect(whats(doc)).toEqual([]);
  });

  it('lets a HEAD answer drop the body it declared (a HEAD answer never has one)', () => {
    const doc = copy();
    op(doc, '/manuals', 'head').responses['404'] = { description: 'No such document; no body.' };
    expect(whats(doc)).toEqual([]);
  });

  it('names a removed operation, a removed success status and a renamed operationId', () => {
    const doc = copy();
    delete doc.paths['/api/v1/health'];
    delete op(doc, '/api/v1/config', 'get').responses['200'];
    op(doc, '/api/v1/users/me', 'get').operationId = 'me';
    expect(whats(doc)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/health: operation getHealth removed',
        'GET /api/v1/config: response 200 removed',
        'GET /api/v1/users/me: operationId getCurrentUser renamed to me',
      ]),
    );
  });

  it('names a removed required response property, a new required query parameter and a narrowed request enum', () => {
    const doc = copy();
    const product = (doc.components as Node).schemas.Product;
    const removed = product.required[0] as string;
    delete product.properties[removed];
    const list = op(doc, '/api/v1/products', 'get');
    list.parameters = [
      ...(list.parameters ?? []),
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ];
    (doc.components as Node).schemas.CollectionAction.enum = ['ENABLE'];
    const found = whats(doc);
    expect(found).toContain('GET /api/v1/products: query parameter q is now required');
    expect(found.some((w) => w.includes(`property ${removed} removed`))).toBe(true);
    expect(
      found.some(
        (w) =>
          w.startsWith('POST /api/v1/products/{id}/collect/{action}') &&
          w.includes('no longer accepts DISABLE'),
      ),
    ).toBe(true);
  });

  it('names a new required request body property and an operation that now needs a session', () => {
    const doc = copy();
    const create = op(doc, '/api/v1/invitations', 'post');
    const schema = create.requestBody.content['application/json'].schema;
    create.requestBody.content['application/json'].schema = {
      allOf: [schema],
      type: 'object',
      required: ['newField'],
      properties: { newField: { type: 'string' } },
    };
    op(doc, '/api/v1/health', 'get').security = [{ sessionCookie: [] }];
    const found = whats(doc);
    expect(
      found.some(
        (w) => w.startsWith('POST /api/v1/invitations') && w.includes('property newField is now required'),
      ),
    ).toBe(true);
    expect(found).toContain('GET /api/v1/health: now requires a signed-in caller');
  });
});
