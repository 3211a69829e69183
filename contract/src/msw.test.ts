// The MSW handlers answer the contract's examples to a typed client, as a front-end team's unit
// tests would use them; the client names its caller, sandbox and origin on every call.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerChecker } from './answers.ts';
import { createPortalClient } from './client.ts';
import { loadContract } from './document.ts';
import { exampleAnswer } from './examples.ts';
import { contractHandlers } from './msw.ts';
import { indexOperations } from './operations.ts';

const baseUrl = 'http://portal.test';
const document = loadContract();
const index = indexOperations(document);
const check = createAnswerChecker(document);
const server = setupServer(...contractHandlers({ baseUrl }));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const operation = (operationId: string) => {
  const found = index.get(operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

/** The operation's path with each path parameter's example. */
const examplePath = (operationId: string) => {
  const { parameters, path } = operation(operationId);
  return parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce(
      (filled, parameter) =>
        filled.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example ?? 'x'))),
      path,
    );
};

describe('contractHandlers', () => {
  it('answers every operation its documented status and example, valid against the contract', async () => {
    for (const each of index.operations) {
      const response = await fetch(`${baseUrl}${examplePath(each.operationId)}`, {
        method: each.method,
        headers: { 'x-user-id': 'owner@example.com' },
        redirect: 'manual',
      });
      const expected = exampleAnswer(each);
      expect(response.status, each.operationId).toBe(expected.status);
      const body = await response.text();
      const problems = check({
        operationId: each.operationId,
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        headers: Object.fromEntries(response.headers),
        body,
      });
      expect(problems, each.operationId).toEqual([]);
    }
  }, 60_000);

  it('answers a secured operation its 401 without a credential, and a public one its example', async () => {
    const client = createPortalClient({ baseUrl });
    const products = await client.GET('/api/v1/products');
    expect(products.response.status).toBe(401);
    expect(products.error).toEqual(exampleAnswer(operation('listProducts'), 401).body);
    const health = await client.GET('/api/v1/health');
    expect(health.data).toEqual({ status: 'ok' });
  });

  it('answers the typed client the example of a signed-in call', async () => {
    const client = createPortalClient({ baseUrl, persona: 'owner@example.com' });
    const { data, response } = await client.GET('/api/v1/products');
    expect(response.status).toBe(200);
    expect(data).toEqual(exampleAnswer(operation('listProducts')).body);
  });

  it('answers what a test asks for instead, by operation', async () => {
    server.use(
      ...contractHandlers({
        baseUrl,
        signedIn: true,
        answers: {
          listProducts: () => ({ status: 500 }),
          getHealth: () => ({ status: 200, body: { status: 'ok' } }),
        },
      }),
    );
    const client = createPortalClient({ baseUrl });
    const failed = await client.GET('/api/v1/products');
    expect(failed.response.status).toBe(500);
    expect(failed.error).toEqual(exampleAnswer(operation('listProducts'), 500).body);
  });
});

describe('createPortalClient', () => {
  const seen = (operationId: string) => {
    const requests: Request[] = [];
    server.use(
      ...contractHandlers({
        baseUrl: `${baseUrl}/prefix`,
        answers: {
          [operationId]: (request) => {
            requests.push(request);
            return undefined;
          },
        },
      }),
    );
    return requests;
  };

  it('sends the persona, the sandbox and its own origin on every call, under a path prefix', async () => {
    const requests = seen('createProductsDownload');
    const client = createPortalClient({
      baseUrl: `${baseUrl}/prefix/`,
      persona: 'owner@example.com',
      sandbox: 'my-sandbox',
    });
    const { response } = await client.POST('/api/v1/products/download');
    expect(response.status).toBe(exampleAnswer(operation('createProductsDownload')).status);
    const [request] = requests;
    expect(request?.headers.get('x-user-id')).toBe('owner@example.com');
    expect(request?.headers.get('x-sandbox')).toBe('my-sandbox');
    expect(request?.headers.get('origin')).toBe(baseUrl);
  });

  it('sends a bearer token, or no origin when asked', async () => {
    const requests = seen('getHealth');
    await createPortalClient({ baseUrl: `${baseUrl}/prefix`, bearer: 't0k3n', origin: null }).GET(
      '/api/v1/health',
    );
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer t0k3n');
    expect(requests[0]?.headers.has('origin')).toBe(false);
  });
});
