import { describe, expect, it } from 'vitest';
import { type ContractDocument, loadContract } from './document.ts';
import { indexOperations } from './operations.ts';
import { newAjv } from './validation.ts';

// A small contract that uses every kind of reference the index follows.
const document: ContractDocument = {
  openapi: '3.1.0',
  security: [{ sessionCookie: [] }],
  paths: {
    '/things/{id}': {
      parameters: [
        { $ref: '#/components/parameters/Id' },
        { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
      ],
      get: {
        operationId: 'getThing',
        tags: ['things'],
        summary: 'One thing',
        parameters: [{ name: 'verbose', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The thing',
            headers: { ETag: { $ref: '#/components/headers/ETag' } },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Thing' },
                examples: { one: { $ref: '#/components/examples/Thing' }, two: { value: { id: 'b' } } },
              },
            },
          },
          '4XX': { $ref: '#/components/responses/Problem' },
          default: { description: 'Anything else' },
        },
        'x-error-codes': ['NOT_FOUND'],
      },
      delete: {
        security: [{}, { sessionCookie: [] }],
        requestBody: { $ref: '#/components/requestBodies/Reason' },
        responses: { '204': { description: 'Gone' } },
      },
    },
    '/shared': { $ref: '#/components/pathItems/Shared' },
  },
  components: {
    parameters: {
      Id: {
        name: 'id',
        in: 'path',
        required: true,
        schema: { $ref: '#/components/schemas/Id' },
        example: 'a',
      },
    },
    headers: { ETag: { required: true, schema: { type: 'string' }, example: '"1"' } },
    schemas: {
      Id: { type: 'string', pattern: '^[a-z]+$' },
      Thing: { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/Id' } } },
    },
    examples: { Thing: { value: { id: 'a' } } },
    responses: {
      Problem: {
        description: 'A problem',
        content: { 'application/json': { schema: { type: 'object' }, example: { errors: [] } } },
      },
    },
    requestBodies: {
      Reason: {
        required: true,
        content: { 'application/json': { schema: { type: 'string' }, example: 'x' } },
      },
    },
    pathItems: {
      Shared: { post: { operationId: 'postShared', responses: { '201': { description: 'Made' } } } },
    },
  },
};

describe('the operation index', () => {
  const index = indexOperations(document);

  it('lists every operation in the contract order, with its method upper-case and its pointer', () => {
    expect(index.operations.map((o) => [o.operationId, o.method, o.path, o.pointer])).toEqual([
      ['getThing', 'GET', '/things/{id}', '#/paths/~1things~1{id}/get'],
      ['DELETE /things/{id}', 'DELETE', '/things/{id}', '#/paths/~1things~1{id}/delete'],
      ['postShared', 'POST', '/shared', '#/components/pathItems/Shared/post'],
    ]);
    expect(index.get('getThing')?.tags).toEqual(['things']);
    expect(index.has('nothing')).toBe(false);
    expect(index.tagged('things').map((o) => o.operationId)).toEqual(['getThing']);
  });

  it("merges the path item's parameters, the operation's own winning, with references followed", () => {
    const [id, verbose] = index.get('getThing')?.parameters ?? [];
    expect(id).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      example: 'a',
      ref: 'Id',
      schema: { type: 'string', pattern: '^[a-z]+$' },
      schemaPointer: '#/components/parameters/Id/schema',
      schemaRef: '#/components/schemas/Id',
    });
    expect(verbose).toMatchObject({ name: 'verbose', required: true, schema: { type: 'string' } });
    expect(index.get('getThing')?.parameters).toHaveLength(2);
  });

  it('follows responses, headers, named examples and request bodies', () => {
    const thing = index.get('getThing');
    expect(thing?.statuses).toEqual(['200', '4XX', 'default']);
    const ok = thing?.responses['200'];
    expect(ok?.headers).toEqual([
      { name: 'ETag', required: true, schema: { type: 'string' }, example: '"1"' },
    ]);
    expect(ok?.content['application/json']?.examples).toEqual({ one: { id: 'a' }, two: { id: 'b' } });
    expect(ok?.content['application/json']?.example).toEqual({ id: 'a' });
    expect(thing?.responses['4XX']).toMatchObject({ ref: 'Problem', description: 'A problem' });
    expect(thing?.errorCodes).toEqual(['NOT_FOUND']);
    const removal = index.get('DELETE /things/{id}');
    expect(removal?.requestBody).toMatchObject({
      required: true,
      content: {
        'application/json': {
          example: 'x',
          schemaPointer: '#/components/requestBodies/Reason/content/application~1json/schema',
        },
      },
    });
    expect(removal?.errorCodes).toBeNull();
  });

  it('answers the response of a status: exact, then its class, then default', () => {
    expect(index.response('getThing', 200)?.description).toBe('The thing');
    expect(index.response('getThing', 404)?.description).toBe('A problem');
    expect(index.response('getThing', 500)?.description).toBe('Anything else');
    expect(index.response('postShared', 500)).toBeUndefined();
  });

  it('says which operations need a signed-in caller (an empty requirement makes it optional)', () => {
    expect(index.get('getThing')?.secured).toBe(true);
    expect(index.get('DELETE /things/{id}')?.secured).toBe(false);
  });

  it('gives schema pointers Ajv resolves in the document', () => {
    const ajv = newAjv(false);
    ajv.addSchema({ ...document, $id: 'contract' });
    const pointer = index.get('getThing')?.responses['200']?.content['application/json']?.schemaPointer;
    const validate = ajv.compile({ $ref: `contract${pointer}` });
    expect(validate({ id: 'abc' })).toBe(true);
    expect(validate({ id: 'ABC' })).toBe(false);
  });

  it('is built once per document and covers every operation of openapi.yaml', () => {
    const contract = loadContract();
    expect(indexOperations(contract)).toBe(indexOperations(contract));
    const ids = indexOperations(contract).operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
  });
});
