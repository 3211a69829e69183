import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

// The world a test file works in: its own sandbox (decision 0033), or the server's shared world for
// the few files that must see it. Each file runs in its own worker process, so this module's state is
// the file's. Every call the kit makes carries `worldHeaders()`; every browser context gets the cookie.

export const baseUrl = () => inject('baseUrl');

/** The sandbox cookie of the reference server (server/src/simulator/sandbox/sandbox-plugin.ts). */
const SANDBOX_COOKIE = 'portal_sandbox';

let sandbox: string | undefined;

/** Headers that send a direct API call to the file's world. */
export const worldHeaders = (): Record<string, string> => (sandbox ? { 'x-sandbox': sandbox } : {});

/** The cookie that sends a browser context's every request (pages, `page.request`) to the file's world. */
export const worldCookies = () =>
  sandbox ? [{ name: SANDBOX_COOKIE, value: sandbox, url: baseUrl(), httpOnly: true }] : [];

/** A simulator call as the admin (test mode's X-User-Id) in the file's world; answers the response. */
export async function simulatorCall(method: string, route: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${baseUrl()}/api/v1/sim/${route}`, {
    method,
    headers: {
      'x-user-id': 'admin@example.com',
      ...worldHeaders(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sim ${method} ${route}: ${response.status} ${await response.text()}`);
  return response;
}

/** A fresh sandbox of `scenario` for this file: from now on the kit's calls and contexts reach it. */
export async function enterSandbox(scenario: string): Promise<void> {
  const id = `e2e-${randomBytes(6).toString('base64url')}`;
  sandbox = undefined;
  await simulatorCall('POST', 'sandboxes', { id, scenario });
  sandbox = id;
}

/** Removes the file's sandbox (its database and files); the kit's calls reach the shared world again. */
export async function leaveSandbox(): Promise<void> {
  if (!sandbox) return;
  await simulatorCall('DELETE', 'sandbox');
  sandbox = undefined;
}

/** Wipes and reseeds the shared world (files that use it run one at a time, see e2e/vitest.config.ts). */
export async function resetSharedWorld(): Promise<void> {
  sandbox = undefined;
  await simulatorCall('POST', 'reset');
}
