import { loginUrlFromCallback } from '@portal/test-support/sign-in-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createBrowser } from '../../test/auth/browser.ts';
import { startExternalProvider } from '../../test/auth/external-idp.ts';

describe('an external provider (configured by OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)', () => {
  let portal: TestApp;
  let idp: Awaited<ReturnType<typeof startExternalProvider>>;
  beforeAll(async () => {
    idp = await startExternalProvider({
      clientId: 'portal-at-keycloak',
      clientSecret: 'external-secret',
      redirectUri: 'http://localhost:3000/auth/callback?client_id=portal-at-keycloak',
      accounts: {
        'kc-fleet': { email: 'Fleet@Example.com', email_verified: true },
        'kc-unverified': { email: 'owner@example.com', email_verified: false },
        'kc-stranger': { email: 'stranger@example.com', email_verified: true },
      },
    });
    portal = await createTestApp({
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'portal-at-keycloak',
        OIDC_CLIENT_SECRET: 'external-secret',
      },
    });
  });
  afterAll(async () => {
    await portal?.close();
    await idp?.close();
  });

  async function signInAt(accountId: string) {
    const browser = createBrowser(portal);
    const start = await browser.get('/api/v1/login');
    expect(start.location?.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    const callback = await idp.authorize(start.location ?? '', accountId);
    return { browser, done: await browser.get(loginUrlFromCallback(callback)) };
  }

  it('signs in the portal user with the same (case-insensitive) email, over the network', async () => {
    const { browser, done } = await signInAt('kc-fleet');
    expect(done.location).toBe('/');
    const me = await browser.get('/api/v1/users/me');
    expect(JSON.parse(me.body)).toMatchObject({ email: 'fleet@example.com', role: 'agent' });
  });

  it('refuses an unverified email and an email without a portal account', async () => {
    const before = await portal.prisma.session.count();
    expect((await signInAt('kc-unverified')).done.location).toBe('/login?error=failed');
    expect((await signInAt('kc-stranger')).done.location).toBe('/login?error=failed');
    expect(await portal.prisma.session.count()).toBe(before);
  });

  it('does not send the built-in provider its role hint', async () => {
    const start = await createBrowser(portal).get('/api/v1/login?role=agent');
    expect(new URL(start.location ?? '').searchParams.has('role_hint')).toBe(false);
  });
});

describe('an external provider that cannot be reached', () => {
  let external: TestApp;
  beforeAll(async () => {
    external = await createTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:9/realms/portal' } });
  });
  afterAll(async () => {
    await external?.close();
  });

  it('redirects to /login?error=unavailable and serves no built-in provider', async () => {
    const response = await external.app.inject({ method: 'GET', url: '/api/v1/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=unavailable');
    expect(await external.prisma.loginAttempt.count()).toBe(0);
    const builtIn = await external.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(builtIn.statusCode).toBe(404);
  });
});
