/**
 * Mock Service Worker handlers that answer every operation of the contract with its documented
 * example (the reference server's real answer to the example request on the `demo` data, decision
 * 0027), for a front-end team's unit tests without a back end:
 *
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { contractHandlers } from '@portal/contract/msw';
 * const server = setupServer(...contractHandlers({ baseUrl: 'http://localhost:3000' }));
 * // one answer changed for one test:
 * server.use(...contractHandlers({ baseUrl, answers: { listProducts: () => ({ status: 500 }) } }));
 * ```
 *
 * A secured operation called without a credential (no cookie, `Authorization` or `X-User-Id`)
 * answers its documented `401`, unless `signedIn: true` says every call is signed in (a browser's
 * HttpOnly cookie is not visible to a worker). Nothing is stored: a write answers its example and
 * the next read is unchanged. Literal paths are matched before templated ones, as the server does.
 *
 * The handlers answer from the contract's data (`./contract-mocks.ts`), which the package ships as a
 * module: no file is read and nothing of Node is imported, so they work in a browser (Storybook, MSW's
 * service worker) as in Node.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { contractMocks } from './contract-mocks.ts';
import type { ExampleAnswer } from './examples.ts';
import type { MockOperation } from './mock-operations.ts';

export interface ContractHandlersOptions {
  /** The back end's address the code under test calls, e.g. `http://localhost:3000`; by default any origin. */
  baseUrl?: string;
  /**
   * Another answer for an operation, by operationId: a status (its documented example) or a whole
   * answer. Undefined falls back to the example.
   */
  answers?: Record<string, (request: Request) => (Partial<ExampleAnswer> & { status: number }) | undefined>;
  /** Treat every call as signed in (default: only calls that carry a credential). */
  signedIn?: boolean;
}

/** `/api/v1/products/{id}` → `/api/v1/products/:id` (MSW's path parameters). */
const mswPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

const templated = (operation: MockOperation) => (operation.path.match(/\{/g) ?? []).length;

function respond(operation: MockOperation, answer: Partial<ExampleAnswer> & { status: number }) {
  const documented = operation.answers[String(answer.status)] ?? { status: answer.status, headers: {} };
  const headers = new Headers({ ...documented.headers, ...answer.headers });
  const body = 'body' in answer ? answer.body : documented.body;
  const contentType = answer.contentType ?? documented.contentType;
  if (body === undefined || operation.method === 'HEAD')
    return new HttpResponse(null, { status: answer.status, headers });
  headers.set('content-type', contentType ?? 'application/json');
  const text = typeof body === 'string' && !/json/.test(contentType ?? '') ? body : JSON.stringify(body);
  return new HttpResponse(text, { status: answer.status, headers });
}

/** One handler per operation of the contract, answering its documented example. */
export function contractHandlers(options: ContractHandlersOptions = {}): RequestHandler[] {
  const base = options.baseUrl?.replace(/\/$/, '') ?? '*';
  return [...contractMocks]
    .sort((a, b) => templated(a) - templated(b))
    .map((operation) => {
      const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
      const route = http[method] ?? http.all;
      return route(`${base}${mswPath(operation.path)}`, ({ request }) => {
        const credential =
          options.signedIn ||
          request.headers.has('cookie') ||
          request.headers.has('authorization') ||
          request.headers.has('x-user-id');
        if (operation.secured && !credential && operation.answers['401']) {
          return respond(operation, { status: 401 });
        }
        const chosen = options.answers?.[operation.operationId]?.(request);
        return respond(operation, chosen ?? { status: operation.status });
      });
    });
}
