import { accountButton, loginUrlFromCallback } from '@portal/test-support/sign-in-page';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, useTestApp } from '../../test/app.ts';
import {
  callbackFor,
  createBrowser,
  openSignInPage,
  signIn,
  submitAndReachCallback,
} from '../../test/auth/browser.ts';

const t = useTestApp();

const sessions = () => t.prisma.session.count();
const issuer = 'http://localhost:3000/oidc';

function withParam(url: string, key: string, value: string): string {
  const parsed = new URL(url, 'http://localhost:3000');
  parsed.searchParams.set(key, value);
  return `${parsed.pathname}${parsed.search}`;
}

describe('GET /api/v1/login against the built-in provider', () => {
  it('signs a persona in end to end and sets a session cookie the API accepts', async () => {
    const browser = createBrowser(t);
    const { start, page } = await openSignInPage(browser);

    const authorize = new URL(start.location ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${issuer}/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/auth/callback?client_id=data-act-portal',
    );
    const state = authorize.searchParams.get('state') ?? '';
    const attempt = await t.prisma.loginAttempt.findUnique({ where: { state } });
    expect(attempt?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
    expect(attempt?.codeVerifier).not.toBe(authorize.searchParams.get('code_challenge'));

    expect(page.status).toBe(200);
    for (const name of ['owner', 'terms', 'fleet', 'admin'])
      expect(page.body).toContain(`${name}@example.com`);

    const { action, accountId } = accountButton(page.body, 'owner@example.com');
    const callback = new URL(await submitAndReachCallback(browser, action, { intent: 'choose', accountId }));
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('client_id')).toBe('data-act-portal');
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const before = await sessions();
    const done = await browser.get(loginUrlFromCallback(callback.href));
    expect(done.status).toBe(302);
    expect(done.location).toBe('/');
    expect(await sessions()).toBe(before + 1);
    expect(await t.prisma.loginAttempt.findUnique({ where: { state } })).toBeNull();

    const me = await browser.get('/api/v1/users/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ email: 'owner@example.com', role: 'user' });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, for the absolute lifetime, not Secure over http', async () => {
    const done = await signIn(createBrowser(t), 'empty@example.com');
    const cookie = done.setCookies.find((c) => c.startsWith('portal_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Max-Age=43200/);
    expect(cookie).not.toMatch(/Secure/);
    // The token is random; only its hash is stored.
    const token = cookie?.split(';')[0]?.split('=')[1] ?? '';
    expect(await t.prisma.session.findUnique({ where: { id: token } })).toBeNull();
  });

  it.each([
    ['a tampered state', 'state', 'tampered-state-value'],
    ['an answer whose issuer is not the configured provider (RFC 9207)', 'iss', 'https://evil.example/oidc'],
  ])('refuses %s and creates no session', async (_label, param, value) => {
    const browser = createBrowser(t);
    const callback = await callbackFor(browser, 'owner@example.com');
    const before = await sessions();
    const done = await browser.get(withParam(loginUrlFromCallback(callback), param, value));
    expect(done.location).toBe('/login?error=failed');
    expect(done.setCookies.some((c) => c.startsWith('portal_session='))).toBe(false);
    expect(await sessions()).toBe(before);
  });

  it('refuses a replayed code, at the portal (state used) and at the provider (code used)', async () => {
    const browser = createBrowser(t);
    const callback = await callbackFor(browser, 'owner@example.com');
    const loginUrl = loginUrlFromCallback(callback);
    const state = new URL(callback).searchParams.get('state') ?? '';
    const attempt = await t.prisma.loginAttempt.findUniqueOrThrow({ where: { state } });
    expect((await browser.get(loginUrl)).location).toBe('/');
    const after = await sessions();

    browser.setCookie('portal_login_state', state, '/api/v1/login');
    expect((await browser.get(loginUrl)).location).toBe('/login?error=failed');

    // Even with the attempt back in place, the provider refuses a code it already exchanged.
    await t.prisma.loginAttempt.create({ data: { ...attempt, id: undefined } });
    browser.setCookie('portal_login_state', state, '/api/v1/login');
    expect((await browser.get(loginUrl)).location).toBe('/login?error=failed');
    expect(await sessions()).toBe(after);
  });

  it('refuses a callback that did not start in this browser (no login-state cookie)', async () => {
    const victim = createBrowser(t);
    const callback = await callbackFor(createBrowser(t), 'owner@example.com');
    const before = await sessions();
    expect((await victim.get(loginUrlFromCallback(callback))).location).toBe('/login?error=failed');
    expect(await sessions()).toBe(before);
  });

  it('refuses a wrong client_id, an expired attempt and an account deleted meanwhile', async () => {
    const before = await sessions();

    const wrongClient = createBrowser(t);
    const callback = await callbackFor(wrongClient, 'owner@example.com');
    expect(
      (await wrongClient.get(withParam(loginUrlFromCallback(callback), 'client_id', 'other'))).location,
    ).toBe('/login?error=failed');

    const late = createBrowser(t);
    const lateCallback = await callbackFor(late, 'owner@example.com');
    t.clock.advance(11 * 60_000);
    expect((await late.get(loginUrlFromCallback(lateCallback))).location).toBe('/login?error=failed');

    const gone = createBrowser(t);
    const temp = await t.prisma.user.create({
      data: { email: 'temp@example.com', fullName: 'Temp', role: 'user' },
    });
    const goneCallback = await callbackFor(gone, 'temp@example.com');
    await t.prisma.user.delete({ where: { id: temp.id } });
    expect((await gone.get(loginUrlFromCallback(goneCallback))).location).toBe('/login?error=failed');

    expect(await sessions()).toBe(before);
  });

  it('sends an error reported by the provider to the failed login page and forgets the attempt', async () => {
    const browser = createBrowser(t);
    const { start, page } = await openSignInPage(browser);
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    const { action } = accountButton(page.body, 'owner@example.com');
    const callback = new URL(await submitAndReachCallback(browser, action, { intent: 'cancel' }));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const done = await browser.get(loginUrlFromCallback(callback.href));
    expect(done.location).toBe('/login?error=failed');
    expect(await t.prisma.loginAttempt.findUnique({ where: { state } })).toBeNull();
  });

  // Before the limit tests below: every call from this address counts, a refused one too.
  it('rejects over-long parameters with the validation envelope, or the login page for a navigation', async () => {
    const response = await t.call('GET', `/api/v1/login?state=${'x'.repeat(600)}&code=a`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
    const invalid = await t.call('GET', `/api/v1/login?state=${'x'.repeat(600)}&code=a`, {
      'sec-fetch-mode': 'navigate',
    });
    expect(invalid.statusCode).toBe(302);
    expect(invalid.headers.location).toMatch(/^\/login\?error=failed&requestId=/);
  });

  it('limits sign-in calls per client address with 429 RATE_LIMITED and Retry-After, whatever X-Forwarded-For claims', async () => {
    // No proxy is trusted by default, so a made-up forwarded address per call changes nothing.
    const call = (i: number) => t.call('GET', '/api/v1/login', { 'x-forwarded-for': `203.0.113.${i % 250}` });
    // Earlier tests here signed in from the same address too, so the budget of 120 ends on or before this.
    for (let i = 0; i < 120; i += 1) expect([302, 429]).toContain((await call(i)).statusCode);
    const limited = await call(120);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe('RATE_LIMITED');
    // The contract requires Retry-After on a 429: the seconds until this address's minute is over.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('a person whose sign-in navigation fails lands on the login page with the request id, not on JSON', async () => {
    const call = (ip: string, navigate: boolean) =>
      t.call('GET', '/api/v1/login', {
        'x-forwarded-for': ip,
        ...(navigate ? { 'sec-fetch-mode': 'navigate' } : {}),
      });
    for (let i = 0; i < 120; i += 1) await call('203.0.113.20', true);
    const limited = await call('203.0.113.20', true);
    expect(limited.statusCode).toBe(302);
    const location = new URL(limited.headers.location ?? '', 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('unavailable');
    expect(location.searchParams.get('requestId')).toMatch(/\S+/);
    // A script (no navigation) still gets the envelope.
    expect((await call('203.0.113.20', false)).json().errors[0].code).toBe('RATE_LIMITED');
  });
});

describe('the sign-in limit (@fastify/rate-limit, like every limit)', () => {
  it('answers 429 RATE_LIMITED with Retry-After past LOGIN_RATE_LIMIT_MAX calls a window from one address', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '3', LOG_LEVEL: 'silent' } });
    try {
      const login = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/api/v1/login', remoteAddress });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await login('203.0.113.7')).statusCode);
      expect(statuses).toEqual([302, 302, 302]);
      const refused = await login('203.0.113.7');
      expectError(
        refused,
        429,
        'RATE_LIMITED',
        'Too many sign-in attempts. Please wait a minute and try again.',
      );
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // A callback counts too (every sign-in is two calls); another address has its own budget.
      expect((await login('203.0.113.7')).statusCode).toBe(429);
      expect((await login('203.0.113.8')).statusCode).toBe(302);
    } finally {
      await limited.close();
    }
  });
});
