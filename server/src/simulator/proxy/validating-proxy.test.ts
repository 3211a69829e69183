import { createServer, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { useProxyTarget } from '../../../test/proxy-target.ts';
import { notImplemented } from './validating-proxy.ts';

// A fake back end on loopback that implements part of the contract, one answer of it wrongly.
const received: Array<{ method: string; url: string; cookie?: string; body: string }> = [];
const json = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const routes: Record<
  string,
  () => { status: number; headers: Record<string, string | string[]>; body: string }
> = {
  'GET /api/v1/users/me': () =>
    json(200, {
      id: 'u-1',
      email: 'real@backend.example',
      fullName: 42,
      role: 'user',
      termsToAccept: null,
      agentStatus: null,
    }),
  'GET /api/v1/invitations/inv-gone/permissions': () =>
    json(404, { errors: [{ code: 'INVITATION_NOT_FOUND', message: 'No such invitation.' }] }),
  'GET /api/v1/products': () => ({
    status: 501,
    headers: { 'content-type': 'text/plain' },
    body: 'Not Implemented',
  }),
  'GET /api/v1/products/download/jobs': () => ({
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': 'many' },
    body: '[]',
  }),
  'POST /api/v1/invitations': () =>
    json(201, { code: 'AAAA-BBBB-CCCC-DDDD', link: 'https://portal.example/redeem/AAAA-BBBB-CCCC-DDDD' }),
  'GET /api/v1/login': () => ({
    status: 302,
    headers: {
      location: 'https://idp.example/authorize?state=s1',
      'set-cookie': ['state=s1; HttpOnly', 'nonce=n1; HttpOnly'],
    },
    body: '',
  }),
};

const readAll = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const env: Record<string, string> = { PROXY_FALLBACK: 'unimplemented' };
useProxyTarget(env, () =>
  createServer(async (request, response) => {
    const [path] = (request.url ?? '/').split('?');
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      cookie: request.headers.cookie,
      body: await readAll(request),
    });
    const route = routes[`${request.method} ${path}`];
    const answer = route
      ? route()
      : { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Cannot GET' };
    response.writeHead(answer.status, answer.headers).end(answer.body);
  }),
);

const t = useTestApp({ env });
const drift = async () => (await t.call('GET', '/api/v1/sim/drift', 'admin@example.com')).json();

describe('validating proxy (PROXY_TARGET)', () => {
  it("passes the back end's answers through and records drift with the operation, pointer and value", async () => {
    const me = await t.call('GET', '/api/v1/users/me', 'owner@example.com');
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-portal-source']).toBe('backend');
    expect(me.json()).toMatchObject({ email: 'real@backend.example', fullName: 42 });
    const report = await drift();
    expect(report.target).toBe(env.PROXY_TARGET);
    expect(report.drifts).toContainEqual(
      expect.objectContaining({
        operationId: 'getCurrentUser',
        direction: 'response',
        status: 200,
        pointer: '/body/fullName',
        value: 42,
        message: 'must be string',
      }),
    );
  });

  it('records a declared response header that breaks its schema, with the header as pointer', async () => {
    const jobs = await t.call('GET', '/api/v1/products/download/jobs', 'owner@example.com');
    expect(jobs.statusCode).toBe(200);
    expect((await drift()).drifts).toContainEqual(
      expect.objectContaining({
        operationId: 'listDownloadJobs',
        direction: 'response',
        pointer: '/headers/X-Total-Count',
        value: 'many',
        message: 'listDownloadJobs 200 header X-Total-Count: "many" must be integer',
      }),
    );
  });

  it('passes a declared error through unchanged and records no drift for it', async () => {
    const answer = await t.call('GET', '/api/v1/invitations/inv-gone/permissions', 'owner@example.com');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      errors: [{ code: 'INVITATION_NOT_FOUND', message: 'No such invitation.' }],
    });
    expect((await drift()).drifts.map((d: { operationId: string }) => d.operationId)).not.toContain(
      'getInvitationPermissions',
    );
  });

  it('forwards cookies and the request body, and passes sign-in redirects and cookies back unchanged', async () => {
    const login = await t.http({
      method: 'GET',
      url: '/api/v1/login?role=agent',
      cookies: { portal_session: 'backend-session' },
    });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('https://idp.example/authorize?state=s1');
    // The back end's cookies arrive unchanged and in order; the portal may add its own simulator cookie.
    const cookies = [login.headers['set-cookie'] ?? []].flat();
    expect(cookies.filter((cookie) => !cookie.startsWith('portal_sim_'))).toEqual([
      'state=s1; HttpOnly',
      'nonce=n1; HttpOnly',
    ]);
    expect(received.find((r) => r.url === '/api/v1/login?role=agent')?.cookie).toBe(
      'portal_session=backend-session',
    );

    const body = [{ productId: 'prod-veh-1', includeSensitiveData: true }];
    const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', body);
    expect(created.statusCode).toBe(201);
    expect(JSON.parse(received.find((r) => r.method === 'POST')?.body ?? 'null')).toEqual(body);
  });

  it('records a request that breaks the contract, and still forwards it', async () => {
    await t.call('POST', '/api/v1/invitations', 'owner@example.com', [{ productId: 'prod-veh-1' }]);
    expect((await drift()).drifts).toContainEqual(
      expect.objectContaining({ operationId: 'createInvitation', direction: 'request', pointer: '/body/0' }),
    );
  });

  it('answers from the simulation when the back end does not implement an operation (501 or an unknown path)', async () => {
    const products = await t.call('GET', '/api/v1/products', 'owner@example.com');
    expect(products.statusCode).toBe(200);
    expect(products.headers['x-portal-source']).toBe('simulation');
    expect(products.json().vehicles.map((v: { id: string }) => v.id)).toContain('prod-veh-1');

    const sharings = await t.call('GET', '/api/v1/admin/sharings', 'admin@example.com');
    expect(sharings.statusCode).toBe(200);
    expect(sharings.headers['x-portal-source']).toBe('simulation');
    expect(received.some((r) => r.url === '/api/v1/admin/sharings')).toBe(true);
    const report = await drift();
    const operations = report.drifts.map((d: { operationId: string }) => d.operationId);
    expect(operations).not.toContain('listProducts');
    expect(operations).not.toContain('listSharings');
    // Not drift, but listed as fallbacks, latest first, with why.
    expect(report.fallbacks.slice(0, 2)).toEqual([
      { operationId: 'listSharings', reason: 'the back end answered 404', count: 1, at: expect.any(String) },
      { operationId: 'listProducts', reason: 'the back end answered 501', count: 1, at: expect.any(String) },
    ]);
  });

  it('shows the drift on /proxy/drift to signed-in callers only', async () => {
    expect((await t.call('GET', '/proxy/drift')).statusCode).toBe(401);
    const page = await t.call('GET', '/proxy/drift', 'admin@example.com');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('getCurrentUser');
    expect(page.body).toContain('<code>/body/fullName</code>');
    expect(page.body).toContain('<td>listProducts</td><td>the back end answered 501</td><td>1</td>');
  });
});

describe('notImplemented', () => {
  const codes = new Set(['INVITATION_NOT_FOUND', 'NOT_FOUND']);
  it('is true for 501 and for a 404 or 405 outside the operation’s own errors', () => {
    expect(notImplemented(501, Buffer.from(''), codes)).toBe(true);
    expect(notImplemented(404, Buffer.from('Cannot GET'), codes)).toBe(true);
    expect(notImplemented(405, Buffer.from('{}'), codes)).toBe(true);
    expect(notImplemented(404, Buffer.from('{"errors":[{"code":"NOT_FOUND","message":"x"}]}'), codes)).toBe(
      true,
    );
  });
  it('is false for the operation’s own 404 and for every other status', () => {
    expect(
      notImplemented(404, Buffer.from('{"errors":[{"code":"INVITATION_NOT_FOUND","message":"x"}]}'), codes),
    ).toBe(false);
    expect(notImplemented(500, Buffer.from(''), codes)).toBe(false);
    expect(notImplemented(200, Buffer.from('{}'), codes)).toBe(false);
  });
});
