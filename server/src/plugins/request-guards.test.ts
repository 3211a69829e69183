import { describe, expect, it } from 'vitest';
import { as, expectError, useTestApp } from '../../test/app.ts';

// Cross-site protection as Go 1.25's CrossOriginProtection, and the loopback-name redirect.
const t = useTestApp();

const logout = (headers: Record<string, string>) =>
  t.call('POST', '/api/logout', { ...as('owner@example.com'), ...headers });

describe('cross-site request protection on state-changing calls', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://other.localhost:3000' }],
    ['Origin: null (sandboxed frame, file://)', { origin: 'null' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin that is not a URL', { origin: '::::' }],
  ])('refuses %s with 403 CSRF_REJECTED', async (_label, headers) => {
    const response = await logout(headers);
    expectError(response, 403, 'CSRF_REJECTED', 'This request came from another site and was refused.');
  });

  it.each([
    ['a non-browser client (neither header)', {}],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }],
    ['Sec-Fetch-Site: none (typed in the address bar)', { 'sec-fetch-site': 'none' }],
    ['an older browser sending only its own Origin', { origin: 'http://localhost:3000' }],
    [
      'an Origin naming the host it was sent to',
      { origin: 'http://portal.test:8080', host: 'portal.test:8080' },
    ],
  ])('lets %s through', async (_label, headers) => {
    expect((await logout(headers)).statusCode).toBe(204);
  });
});

describe('the other loopback name', () => {
  it('sends pages and sign-in to the public origin before anything starts', async () => {
    for (const url of ['/', '/products?x=1', '/api/v1/login']) {
      const response = await t.call('GET', url, { host: '127.0.0.1:3000' });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(`http://localhost:3000${url}`);
    }
  });

  it('answers API calls where they arrive, and leaves other hosts and ports alone', async () => {
    const api = await t.call('GET', '/api/v1/health', { host: '127.0.0.1:3000' });
    expect(api.statusCode).toBe(200);
    const proxy = await t.call('GET', '/api/v1/login', { host: 'portal.example.com' });
    // Sign-in starts there (on to the provider), instead of coming back to the public origin first.
    expect(proxy.statusCode).toBe(302);
    expect(proxy.headers.location).not.toBe('http://localhost:3000/api/v1/login');
    const vite = await t.call('GET', '/api/v1/login', { host: '127.0.0.1:5173' });
    expect(vite.headers.location).not.toBe('http://localhost:3000/api/v1/login');
  });
});
