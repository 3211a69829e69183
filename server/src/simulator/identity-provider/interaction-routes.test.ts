import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  type Browser,
  createBrowser,
  loginUrlFromCallback,
  openSignInPage,
  submitAndReachCallback,
} from '../../../test/auth/browser.ts';

const t = useTestApp();

const formAction = (html: string) => /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';

async function signUp(browser: Browser, kind: 'user' | 'agent', fullName: string, email: string) {
  const { page } = await openSignInPage(browser);
  const callback = await submitAndReachCallback(browser, formAction(page.body), {
    intent: 'sign-up',
    kind,
    fullName,
    email,
  });
  const done = await browser.get(loginUrlFromCallback(callback));
  expect(done.location).toBe('/');
  return JSON.parse((await browser.get('/api/v1/users/me')).body);
}

describe('the built-in provider', () => {
  it('publishes discovery with RFC 9207 issuer identification and S256 PKCE only', async () => {
    const response = await t.call('GET', '/oidc/.well-known/openid-configuration', {
      host: 'localhost:3000',
    });
    expect(response.statusCode).toBe(200);
    const metadata = response.json();
    expect(metadata.issuer).toBe('http://localhost:3000/oidc');
    expect(metadata.authorization_endpoint).toBe('http://localhost:3000/oidc/auth');
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('refuses an authorisation request without PKCE', async () => {
    const query = new URLSearchParams({
      client_id: 'data-act-portal',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://localhost:3000/auth/callback?client_id=data-act-portal',
      state: 'abc',
    });
    const response = await t.call('GET', `/oidc/auth?${query}`);
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/i);
  });

  it('explains its own errors on a plain page under a strict policy', async () => {
    const response = await t.call('GET', '/oidc/auth?client_id=unknown&response_type=code');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<h1>Sign-in could not continue</h1>');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('the sign-in page', () => {
  it('lists every account by email with name and role, one button each', async () => {
    const { page } = await openSignInPage(createBrowser(t));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const users = await t.prisma.user.findMany();
    const buttons = page.body.match(/<button class="account"/g) ?? [];
    expect(buttons).toHaveLength(users.length);
    expect(page.body).toMatch(
      /<span class="email">terms@example\.com<\/span>\s*<span class="who">Theo Terms · data owner<\/span>/,
    );
    expect(page.body).toMatch(
      /<span class="email">fleet@example\.com<\/span>\s*<span class="who">Fiona Fleet · company<\/span>/,
    );
    expect(page.body).toMatch(
      /<span class="email">admin@example\.com<\/span>\s*<span class="who">Adam Admin · administrator<\/span>/,
    );
    expect(page.body).toContain('Sign up as a new user');
    expect(page.body).toContain('Sign up as a new company');
  });

  it('is plain, accessible HTML whose only style is allowed by its own nonce', async () => {
    const { page } = await openSignInPage(createBrowser(t));
    const csp = String(page.headers['content-security-policy']);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(page.body).not.toMatch(/<script|<link|<img|src=|style="/);
    expect(page.body).toContain('<html lang="en">');
    for (const id of ['user-name', 'user-email', 'agent-name', 'agent-email']) {
      expect(page.body).toContain(`<label for="${id}">`);
      expect(page.body).toContain(`id="${id}"`);
    }
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('shows the company sign-up first when the login page asked for a company', async () => {
    const { page } = await openSignInPage(createBrowser(t), '/api/v1/login?role=agent');
    expect(page.body.indexOf('Sign up as a new company')).toBeLessThan(
      page.body.indexOf('Sign up as a new user'),
    );
    const plain = await openSignInPage(createBrowser(t));
    expect(plain.page.body.indexOf('Sign up as a new user')).toBeLessThan(
      plain.page.body.indexOf('Sign up as a new company'),
    );
  });

  it('answers an expired or unknown sign-in with a page that leads back to the portal', async () => {
    const response = await t.call('GET', '/oidc/interaction/unknown-uid');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in has expired');
    expect(response.body).toContain('href="http://localhost:3000/login"');
  });
});

describe('signing up through the provider', () => {
  it('creates a new user who then has the current terms to accept', async () => {
    const user = await signUp(createBrowser(t), 'user', '  Nina New ', 'Nina.New@Example.com');
    expect(user).toMatchObject({
      email: 'nina.new@example.com',
      fullName: 'Nina New',
      role: 'user',
      termsToAccept: '2025-06',
      agentStatus: null,
    });
  });

  it('creates a new company without a registration', async () => {
    const company = await signUp(createBrowser(t), 'agent', 'Carla Contact', 'carla@newfleet.example');
    expect(company).toMatchObject({ email: 'carla@newfleet.example', role: 'agent', agentStatus: null });
    expect(await t.prisma.agentProfile.count({ where: { userId: company.id } })).toBe(0);
    // The new account is offered on the next sign-in.
    const { page } = await openSignInPage(createBrowser(t));
    expect(page.body).toContain('carla@newfleet.example');
  });

  it('keeps the form and explains when the email is taken or malformed', async () => {
    const browser = createBrowser(t);
    const { page } = await openSignInPage(browser);
    const action = formAction(page.body);
    const before = await t.prisma.user.count();
    const post = (kind: 'user' | 'agent', fullName: string, email: string) =>
      browser.post(action, { intent: 'sign-up', kind, fullName, email });

    const taken = await post('user', 'Copy', 'owner@example.com');
    expect(taken.status).toBe(400);
    expect(taken.body).toMatch(/role="alert">An account for owner@example\.com already exists/);
    expect(taken.body).toContain('aria-invalid="true"');
    expect(taken.body).toContain('value="Copy"');

    const malformed = await post('agent', 'X', 'not-an-email');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain('Enter an email address');

    const nameless = await post('agent', ' ', 'a@b.example');
    expect(nameless.body).toContain('Enter a contact name');
    expect(await t.prisma.user.count()).toBe(before);

    // The same sign-in can still go on afterwards.
    const callback = await submitAndReachCallback(browser, action, {
      intent: 'sign-up',
      kind: 'agent',
      fullName: 'Xavier',
      email: 'xavier@company.example',
    });
    expect((await browser.get(loginUrlFromCallback(callback))).location).toBe('/');
  });

  it('escapes what people type', async () => {
    const browser = createBrowser(t);
    const { page } = await openSignInPage(browser);
    const response = await browser.post(formAction(page.body), {
      intent: 'sign-up',
      kind: 'user',
      fullName: '<script>alert(1)</script>',
      email: 'bad',
    });
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&#60;script&#62;');
  });
});
