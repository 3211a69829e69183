import { baseUrl, simulatorCall, worldHeaders } from './world.ts';

// The reference server's simulation controls (test mode), called as the admin through X-User-Id in the
// test file's world: injected faults on contract operations, and the simulation clock's speed.

const sim = async (method: 'POST' | 'PUT' | 'DELETE', route: string, body?: unknown): Promise<void> => {
  await simulatorCall(method, route, body);
};

/**
 * The next `count` calls of `operationId` (an operationId of openapi.yaml, or `downloadJob` for the
 * next download job, which then ends FAILED) fail with `status` and error `code`.
 */
export function injectFault(
  operationId: string,
  status = 500,
  code?: string,
  count = 1,
  delayMs?: number,
): Promise<void> {
  return sim('POST', 'faults', {
    operationId,
    status,
    count,
    ...(code ? { code } : {}),
    ...(delayMs ? { delayMs } : {}),
  });
}

/** Delays the next `count` calls of `operationId` without failing them. */
export function delayOperation(operationId: string, delayMs: number, count = 1): Promise<void> {
  return sim('POST', 'faults', { operationId, delayMs, count });
}

export const clearFaults = (): Promise<void> => sim('DELETE', 'faults');

/** How fast simulated time runs (1 = real time): download jobs and collection toggles follow it. */
export const setClockSpeed = (speed: number): Promise<void> => sim('PUT', 'clock', { speed });

/** Calls an API operation as a seeded persona (test mode's X-User-Id); answers the JSON body. */
export async function apiAs<T = unknown>(
  email: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      'x-user-id': email,
      ...worldHeaders(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} as ${email}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new pending (claimed) company for the owner: the owner creates a code, the company redeems it. */
export async function pendingCompanyFor(owner: string, company: string, productId = 'prod-veh-1') {
  const { code } = await apiAs<{ code: string }>(owner, 'POST', '/api/v1/invitations', [
    { productId, includeSensitiveData: false },
  ]);
  await apiAs(company, 'PUT', `/api/v1/invitations/redeem/${code}`);
  return code;
}
