/**
 * What a mock of the contract needs of each operation, as plain data: its method, path, whether it
 * needs a credential and the answer the contract documents for each declared status. The MSW handlers
 * (`./msw.ts`) answer from this data alone, so they hold no parser and read no file: the package
 * ships the data of its own openapi.yaml as a module written when it is packed (`./contract-mocks.ts`),
 * and the handlers run in a browser (Storybook, a service worker) as in Node.
 */
import { type ExampleAnswer, exampleAnswer } from './examples.ts';
import type { OperationIndex } from './operations.ts';

export interface MockOperation {
  operationId: string;
  method: string;
  /** The contract's path, e.g. `/api/v1/products/{id}`. */
  path: string;
  /** Whether the operation needs a signed-in caller. */
  secured: boolean;
  /** The documented success status (the answer when nothing else is asked for). */
  status: number;
  /** The documented answer of every declared status (`4XX` and `default` left out). */
  answers: Record<string, ExampleAnswer>;
}

/** The mock data of every operation of `index`, in the contract's order. */
export function mockOperations(index: OperationIndex): MockOperation[] {
  return index.operations.map((operation) => ({
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    secured: operation.secured,
    status: exampleAnswer(operation).status,
    answers: Object.fromEntries(
      operation.statuses
        .filter((status) => /^\d{3}$/.test(status))
        .map((status) => [status, exampleAnswer(operation, Number(status))]),
    ),
  }));
}
