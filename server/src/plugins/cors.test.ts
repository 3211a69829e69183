import { describe, expect, it } from 'vitest';
import { as, expectError, useTestApp } from '../../test/app.ts';
import { expectInContract } from '../../test/in-contract.ts';
import { parseCorsOrigins } from '../config.ts';

// CORS_ORIGINS: pages on the listed origins call the API with credentials; every other origin is
// refused as cross-site, and its preflight too. Each answer is judged against the contract.
const vite = 'http://localhost:5173';
const listed = useTestApp({ env: { CORS_ORIGINS: `${vite}, https://app.example.com:8443/` } });
const unset = useTestApp();

/** The browser's preflight from `origin` before a credentialed call of `method` to `url`. */
const preflight = (
  app: typeof listed,
  url: string,
  origin: string,
  method = 'POST',
  headers = 'content-type,idempotency-key',
) =>
  app.http({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
      'sec-fetch-site': 'same-site',
      'sec-fetch-mode': 'cors',
    },
  });

// A preflight is no operation (`null` below): a refused one is an error in the envelope, an accepted one is empty.

describe('a listed origin', () => {
  it('gets its preflight answered 204 with what the contract lets a page send and read', async () => {
    const response = await preflight(listed, '/api/v1/products/download', vite);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['access-control-allow-origin']).toBe(vite);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-methods']).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']),
    );
    expect(String(response.headers['access-control-allow-headers']).split(', ')).toEqual(
      expect.arrayContaining(['Content-Type', 'Idempotency-Key', 'X-Sandbox']),
    );
    expect(response.headers['access-control-max-age']).toBe('600');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('is matched by its normalised origin (trailing slash, default port)', async () => {
    const response = await preflight(listed, '/api/v1/users/me', 'https://app.example.com:8443', 'GET', '');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com:8443');
  });

  it('reads answers with credentials, and the headers the contract declares', async () => {
    const response = await listed.call('GET', '/api/v1/products?limit=1', {
      ...as('owner@example.com'),
      origin: vite,
      'sec-fetch-site': 'same-site',
    });
    expect(response.statusCode).toBe(200);
    expectInContract(response, 'listProducts');
    expect(response.headers['access-control-allow-origin']).toBe(vite);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const exposed = String(response.headers['access-control-expose-headers']).split(', ');
    expect(exposed).toEqual(
      expect.arrayContaining(['Retry-After', 'ETag', 'Link', 'X-Total-Count', 'X-Request-Id']),
    );
    expect(exposed).not.toContain('Set-Cookie');
  });

  it('signs in and writes from the other origin: the guard accepts it even as cross-site', async () => {
    const headers = { origin: vite, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' };
    const signIn = await listed.http({
      method: 'POST',
      url: '/api/v1/sim/persona',
      headers,
      payload: { email: 'owner@example.com' },
    });
    expect(signIn.statusCode).toBe(200);
    expectInContract(signIn, 'switchSimulationPersona');
    expect(signIn.headers['access-control-allow-origin']).toBe(vite);
    const setCookies = [signIn.headers['set-cookie'] ?? []].flat();
    const cookie = setCookies.map((line) => line.split(';')[0]).join('; ');
    const me = await listed.call('GET', '/api/v1/users/me', { origin: vite, cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('owner@example.com');
    const logout = await listed.call('POST', '/api/logout', { ...headers, cookie });
    expect(logout.statusCode).toBe(204);
    expectInContract(logout, 'logout');
  });

  it('gets no CORS headers outside the API', async () => {
    const response = await listed.call('GET', '/docs/json', { origin: vite });
    const page = await listed.call('GET', '/login', { origin: vite });
    for (const answer of [response, page])
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends an OPTIONS that is no preflight on to the router: 404 in the envelope', async () => {
    const response = await listed.call('OPTIONS', '/api/v1/products', { origin: vite });
    expectError(response, 404, 'NOT_FOUND', 'There is no OPTIONS /api/v1/products here.');
    expectInContract(response, null);
  });
});

describe('an origin that is not listed', () => {
  it('has its preflight refused as cross-site, without CORS headers', async () => {
    const response = await preflight(listed, '/api/v1/products/download', 'http://localhost:5174');
    expectError(response, 403, 'CSRF_REJECTED', 'This request came from another site and was refused.');
    expectInContract(response, null);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('cannot write, and its reads carry nothing that lets its page read them', async () => {
    const evil = {
      ...as('owner@example.com'),
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    };
    const write = await listed.call('POST', '/api/logout', evil);
    expectError(write, 403, 'CSRF_REJECTED');
    expectInContract(write, 'logout');
    const read = await listed.call('GET', '/api/v1/users/me', evil);
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is not a prefix or a different scheme of a listed one', async () => {
    for (const origin of [
      'http://localhost:51730',
      'https://localhost:5173',
      'http://localhost:5173.evil.example',
    ]) {
      const response = await preflight(listed, '/api/v1/products', origin);
      expect(response.statusCode, origin).toBe(403);
    }
  });
});

describe('no Origin header', () => {
  it('is a non-browser client: answered as before, without CORS headers', async () => {
    const read = await listed.call('GET', '/api/v1/users/me', as('owner@example.com'));
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const write = await listed.call('POST', '/api/logout', as('owner@example.com'));
    expect(write.statusCode).toBe(204);
  });
});

describe('without CORS_ORIGINS', () => {
  it('refuses every other origin, its preflight included, and sends no CORS header', async () => {
    const ask = await preflight(unset, '/api/v1/products/download', vite);
    expectError(ask, 403, 'CSRF_REJECTED');
    expectInContract(ask, null);
    const write = await unset.call('POST', '/api/logout', { ...as('owner@example.com'), origin: vite });
    expectError(write, 403, 'CSRF_REJECTED');
    const read = await unset.call('GET', '/api/v1/users/me', { ...as('owner@example.com'), origin: vite });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers.vary ?? '').not.toMatch(/Origin/);
  });
});

describe('CORS_ORIGINS', () => {
  it('reads a comma-separated list of origins, as browsers send them', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(
      parseCorsOrigins(' http://localhost:5173/ ,https://App.Example.com:443,,http://localhost:5173'),
    ).toEqual(['http://localhost:5173', 'https://app.example.com']);
  });

  it.each([
    ['*'],
    ['localhost:5173'],
    ['http://localhost:5173/app'],
    ['ftp://files.example.com'],
    ['http://user:pw@localhost:5173'],
  ])('refuses %s with a sentence that says what it takes', (entry) => {
    expect(() => parseCorsOrigins(entry)).toThrow(
      `CORS_ORIGINS lists origins such as http://localhost:5173 (scheme, host and port, no path), got "${entry}"`,
    );
  });
});
