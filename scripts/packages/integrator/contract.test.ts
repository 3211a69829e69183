// An integrator's unit test with the contract package, run from an empty project (installed.test.ts).
import { createAnswerChecker } from 'data-act-portal-contract/answers';
import { loadContract } from 'data-act-portal-contract/document';
import { expect, test } from 'vitest';

test("the reference server's answer is inside the contract", async () => {
  const check = createAnswerChecker(loadContract());
  const response = await fetch(`${process.env.PORTAL_URL}/api/v1/products`, {
    headers: { 'x-user-id': 'owner@example.com' },
  });
  const answer = {
    operationId: 'listProducts',
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
    body: await response.text(),
    headers: response.headers,
  };
  expect(answer.status).toBe(200);
  expect(check(answer)).toEqual([]);
});
