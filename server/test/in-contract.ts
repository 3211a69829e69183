// One check for tests that meet answers outside the test app's own validation (preflights, the port
// before the app exists, the proxy's own refusals): the answer has a status the contract declares for
// the operation (or for any path, with `null`) and a body and headers it validates.
import { createAnswerChecker } from '@portal/contract/answers';
import { loadContract } from '@portal/contract/document';
import { expect } from 'vitest';

/** An answer as the test app or a raw client gives it. */
export interface SeenAnswer {
  statusCode?: number;
  status?: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

let check: ReturnType<typeof createAnswerChecker> | undefined;

export function expectInContract(answer: SeenAnswer, operationId: string | null, method = 'GET'): void {
  check ??= createAnswerChecker(loadContract());
  const problems = check({
    operationId,
    method,
    status: answer.statusCode ?? answer.status ?? 0,
    contentType: answer.headers['content-type'] as string | undefined,
    body: answer.body,
    headers: answer.headers as Record<string, string | string[] | undefined>,
  });
  expect(problems).toEqual([]);
}
