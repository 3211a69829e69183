// An integrator's unit test without a back end: the contract package's MSW handlers answer the typed
// client, both imported from the installed package (installed.test.ts).
import { createPortalClient } from 'data-act-portal-contract/client';
import { contractHandlers } from 'data-act-portal-contract/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const baseUrl = 'http://portal.test';
const server = setupServer(...contractHandlers({ baseUrl }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

test("the handlers answer the contract's examples: 401 without a credential, the products with one", async () => {
  const visitor = await createPortalClient({ baseUrl }).GET('/api/v1/products');
  expect(visitor.response.status).toBe(401);
  expect(visitor.error?.errors[0]?.code).toBe('UNAUTHENTICATED');
  const owner = createPortalClient({ baseUrl, persona: 'owner@example.com' });
  const { data, response } = await owner.GET('/api/v1/products');
  expect(response.status).toBe(200);
  expect(data?.vehicles.map((vehicle) => vehicle.externalId)).toContain('WVGZZZE2ZNP004821');
});

test('a test asks one operation for another documented answer', async () => {
  server.use(
    ...contractHandlers({ baseUrl, signedIn: true, answers: { listProducts: () => ({ status: 500 }) } }),
  );
  const failed = await createPortalClient({ baseUrl }).GET('/api/v1/products');
  expect(failed.response.status).toBe(500);
  expect(failed.error?.errors[0]?.code).toBe('INTERNAL_ERROR');
});
