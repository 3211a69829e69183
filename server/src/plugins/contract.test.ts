import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createRequestCompilers } from '../lib/contract-validation.ts';
import { frozenAnswer, memoAnswer } from '../lib/frozen-answers.ts';
import { defineRoute, type OperationId } from '../lib/route.ts';
import { contractPlugin, listItemChecks } from './contract.ts';
import { contractRoutes } from './contract-routes.ts';
import { errorEnvelopePlugin } from './error-envelope.ts';

// Response validation stays on however fast the hot path gets: an answer that breaks the contract is
// refused in test mode (500 in the envelope) and logged otherwise.
const document = loadContract(loadConfig({}).openapiPath);
const owner = { id: 'u1', email: 'owner@example.com', role: 'user' as const, sessionId: 's1' };
const valid = { vehicles: [], wallboxes: [] };
// `dataCollectionEnabled` must be a boolean and `productType` is required.
const invalid = { vehicles: [{ id: 'p1', externalId: 'X', dataCollectionEnabled: 'yes' }], wallboxes: [] };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

/** An app whose one route, `operationId`, answers `answer` (or what it gives per call); answers a GET of `url`. */
async function serveOperation(
  operationId: OperationId,
  url: string,
  answer: unknown | (() => unknown),
  strictResponses: boolean,
  logged: string[] = [],
) {
  const served = Fastify({
    exposeHeadRoutes: false,
    logger: {
      level: 'error',
      stream: { write: (line: string) => logged.push(line) },
    },
  });
  app = served;
  await served.register(errorEnvelopePlugin);
  await served.register(contractPlugin, {
    document,
    routes: [
      defineRoute({
        operationId,
        roles: ['user'],
        handler: async () => (typeof answer === 'function' ? answer() : answer) as never,
      }),
    ],
    authenticate: async () => owner,
    validateResponses: true,
    strictResponses,
    compilers: createRequestCompilers(),
  });
  await served.ready();
  return () => served.inject({ method: 'GET', url });
}

async function serve(answer: unknown | (() => unknown), strictResponses: boolean, logged: string[] = []) {
  return (await serveOperation('listProducts', '/api/v1/products', answer, strictResponses, logged))();
}

describe("the routes' validators and serialisers", () => {
  // They are built on first use or in the background after the start (decision 0072): this is where a
  // schema of the contract that Ajv or fast-json-stringify cannot compile still fails a test.
  it('compile for every part of every operation of the contract', async () => {
    // The inlined components are shared between the routes (contract-routes.ts): frozen here, so a
    // compiler that wrote to a schema would throw.
    const freeze = (node: unknown) => {
      if (typeof node !== 'object' || node === null || Object.isFrozen(node)) return;
      Object.freeze(node);
      for (const value of Object.values(node)) freeze(value);
    };
    for (const route of contractRoutes(document)) freeze(route.schema);
    const compilers = createRequestCompilers();
    app = Fastify({ exposeHeadRoutes: false, logger: false });
    await app.register(errorEnvelopePlugin);
    await app.register(contractPlugin, {
      document,
      routes: [],
      authenticate: async () => null,
      validateResponses: false,
      strictResponses: true,
      compilers,
    });
    await app.ready();
    expect(compilers.compileAll()).toBeGreaterThan(indexOperations(document).operations.length);
    expect(compilers.compileAll()).toBe(0);
  });

  it('fail when a schema does not compile, and validate once built', () => {
    const compilers = createRequestCompilers();
    compilers.compile({ schema: { type: 'nonsense' }, httpPart: 'querystring', method: 'GET', url: '/x' });
    expect(() => compilers.compileAll()).toThrow();
    const validate = compilers.compile({
      schema: { type: 'object', properties: { limit: { type: 'integer' } } },
      httpPart: 'querystring',
      method: 'GET',
      url: '/y',
    }) as unknown as ((data: unknown) => boolean) & { errors?: { instancePath: string }[] | null };
    const query = { limit: '5' };
    expect(validate(query)).toBe(true);
    expect(query).toEqual({ limit: 5 });
    expect(validate({ limit: 'many' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/limit');
  });
});

describe('response validation against the contract', () => {
  it('lets an answer that matches the contract through', async () => {
    const response = await serve(valid, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(valid);
  });

  it('refuses a deliberately invalid answer in test mode with a 500 in the envelope', async () => {
    const response = await serve(invalid, true);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errors: [expect.objectContaining({ code: 'INTERNAL_ERROR' })],
    });
  });

  it('logs a deliberately invalid answer outside test mode', async () => {
    const logged: string[] = [];
    await serve(invalid, false, logged);
    expect(logged.join('\n')).toContain('response does not match the contract');
    expect(logged.join('\n')).toContain('listProducts');
  });
});

// A frozen answer built from remembered rows is checked once, when built (decision 0034): an invalid
// one is never remembered as checked, so it fails on every request, not only the first.
describe('response validation of remembered answers', () => {
  const rows = {};
  it('refuses a deliberately invalid remembered answer on every request', async () => {
    const memo = new WeakMap<object, object>();
    const first = await serve(() => memoAnswer(memo, rows, () => structuredClone(invalid)), true);
    expect(first.statusCode).toBe(500);
    const again = await app?.inject({ method: 'GET', url: '/api/v1/products' });
    expect(again?.statusCode).toBe(500);
  });

  it('logs a deliberately invalid remembered answer every time outside test mode', async () => {
    const memo = new WeakMap<object, object>();
    const logged: string[] = [];
    await serve(() => memoAnswer(memo, rows, () => structuredClone(invalid)), false, logged);
    await app?.inject({ method: 'GET', url: '/api/v1/products' });
    expect(logged.filter((line) => line.includes('response does not match the contract'))).toHaveLength(2);
  });

  it('answers a valid remembered answer with the same JSON as a fresh one', async () => {
    const memo = new WeakMap<object, object>();
    const answer = {
      vehicles: [
        {
          id: 'p1',
          externalId: 'X',
          productType: 'VEHICLE',
          dataCollectionEnabled: true,
          productFields: { model: 'M', brand: 'B' },
        },
      ],
      wallboxes: [],
    };
    const first = await serve(() => memoAnswer(memo, rows, () => structuredClone(answer)), true);
    const again = await app?.inject({ method: 'GET', url: '/api/v1/products' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual(answer);
    expect(again?.body).toBe(first.body);
  });
});

// A list made of remembered items is checked and serialised item by item, each item once (decision 0173):
// the answer must stay exactly what checking and serialising the whole list gives.
describe('response validation of lists of remembered items', () => {
  const job = (id: string) => ({
    id,
    relatedId: null,
    type: 'PRODUCTS',
    status: 'CREATED',
    exportRequest: { vehicles: [{ id: 'v1' }], wallboxes: [] },
    createdAt: '2026-12-07T10:00:00.000Z',
    updatedAt: '2026-12-07T10:00:01.000Z',
  });
  const brokenJob = (id: string) => ({ ...job(id), status: 'LOST' });
  it('answers the same JSON as the whole list checked and serialised, and refuses a new invalid item', async () => {
    const [a, b, broken] = [frozenAnswer(job('a')), frozenAnswer(job('b')), frozenAnswer(brokenJob('c'))];
    let answer: unknown = [job('a'), job('b')];
    const call = await serveOperation(
      'listDownloadJobs',
      '/api/v1/products/download/jobs',
      () => answer,
      true,
    );
    const fresh = await call();
    expect(fresh.statusCode).toBe(200);
    answer = frozenAnswer([a, b]);
    const remembered = await call();
    expect(remembered.statusCode).toBe(200);
    expect(remembered.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(remembered.body).toBe(fresh.body);
    // The same checked items with one that breaks the contract: refused, every time.
    answer = frozenAnswer([a, broken, b]);
    expect((await call()).statusCode).toBe(500);
    expect((await call()).statusCode).toBe(500);
    // More items than the contract allows (maxItems 50), each of them checked: refused.
    answer = frozenAnswer(Array.from({ length: 51 }, () => a));
    expect((await call()).statusCode).toBe(500);
    answer = frozenAnswer([b]);
    expect((await call()).body).toBe(JSON.stringify([job('b')]));
  });

  it('checks item by item only a plain list: an array of items, at most bounded in length', () => {
    const list = { check: () => true, serialize: (value: unknown) => JSON.stringify(value) };
    const items = { $ref: '#/components/schemas/DownloadJob' };
    const plain = listItemChecks({ type: 'array', maxItems: 50, items, description: 'x' }, list);
    expect(plain?.maxItems).toBe(50);
    expect(plain?.serialize({ a: 1 })).toBe('{"a":1}');
    expect(listItemChecks({ type: 'array', items, uniqueItems: true }, list)).toBeNull();
    expect(listItemChecks({ type: 'array', items, minItems: 2 }, list)).toBeNull();
    expect(listItemChecks({ type: 'object' }, list)).toBeNull();
    expect(listItemChecks({ type: 'array', items }, { ...list, serialize: undefined })).toBeNull();
  });
});
