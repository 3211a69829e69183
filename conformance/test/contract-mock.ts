// A back end that knows only the contract, like a Prism mock of openapi.yaml: every operation answers
// its documented example, a secured one only with a credential (else its 401), nothing is stored and
// nothing is simulated (the simulator's operations answer their examples and do nothing). It can also
// crash after a number of requests, or accept connections and never answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { loadContract } from '@portal/contract/document';
import { type ExampleAnswer, exampleAnswer } from '@portal/contract/examples';
import { type ContractOperation, indexOperations } from '@portal/contract/operations';

export interface MockRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface ContractMockOptions {
  /** Answers other than the example, by operation (undefined: the example). */
  answers?: Record<string, (request: MockRequest) => ExampleAnswer | undefined>;
  /** After this many requests the server stops listening and drops every connection (a crash). */
  dieAfter?: number;
  /** Accept connections and never answer. */
  silent?: boolean;
}

export interface ContractMock {
  url: string;
  requests: MockRequest[];
  close(): Promise<void>;
}

const index = indexOperations(loadContract());
/** Literal paths before templated ones, as routers match them. */
const routes = [...index.operations]
  .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))
  .map((operation) => ({
    operation,
    pattern: new RegExp(
      `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ),
  }));

const match = (method: string, path: string): ContractOperation | undefined =>
  routes.find((route) => route.operation.method === method && route.pattern.test(path))?.operation;

function send(response: ServerResponse, answer: ExampleAnswer) {
  const headers: Record<string, string> = { ...answer.headers };
  let body = '';
  if (answer.body !== undefined) {
    headers['content-type'] = answer.contentType ?? 'application/json';
    body =
      typeof answer.body === 'string' && !answer.contentType?.includes('json')
        ? answer.body
        : JSON.stringify(answer.body);
  }
  response.writeHead(answer.status, headers).end(body);
}

export async function startContractMock(options: ContractMockOptions = {}): Promise<ContractMock> {
  const requests: MockRequest[] = [];
  const server = createServer((request, response) => {
    if (options.silent) return;
    const seen = { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers };
    requests.push(seen);
    if (options.dieAfter !== undefined && requests.length > options.dieAfter) {
      request.socket.destroy();
      server.close();
      server.closeAllConnections();
      return;
    }
    request.resume();
    request.on('end', () => {
      const path = seen.url.split('?')[0] ?? '/';
      const operation = match(seen.method, path);
      if (!operation) {
        send(response, {
          status: 404,
          headers: {},
          body: { errors: [{ code: 'NOT_FOUND', message: 'No such path.' }] },
        });
        return;
      }
      const signedIn = Boolean(
        request.headers['x-user-id'] || request.headers.cookie || request.headers.authorization,
      );
      if (operation.secured && !signedIn) {
        send(response, exampleAnswer(operation, 401));
        return;
      }
      send(response, options.answers?.[operation.operationId]?.(seen) ?? exampleAnswer(operation));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
