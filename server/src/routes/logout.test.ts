import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';

const t = useTestApp();

const sessions = () => t.prisma.session.count();

describe('POST /api/logout', () => {
  it('ends the session on the server: the old cookie no longer works', async () => {
    const browser = createBrowser(t);
    await signIn(browser, 'fleet@example.com');
    const token = browser.cookie('portal_session') ?? '';
    expect((await browser.get('/api/v1/users/me')).status).toBe(200);
    const before = await sessions();

    const out = await browser.post('/api/logout');
    expect(out.status).toBe(204);
    expect(
      out.setCookies.some((c) => /^portal_session=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c)),
    ).toBe(true);
    expect(await sessions()).toBe(before - 1);

    const replay = await t.call('GET', '/api/v1/users/me', { cookie: `portal_session=${token}` });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].code).toBe('UNAUTHENTICATED');
  });

  it('answers 204 without a session too', async () => {
    const response = await t.call('POST', '/api/logout');
    expect(response.statusCode).toBe(204);
    const unknown = await t.call('POST', '/api/logout', { cookie: 'portal_session=nope' });
    expect(unknown.statusCode).toBe(204);
  });

  it('refuses a cross-site logout', async () => {
    const response = await t.call('POST', '/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CSRF_REJECTED');
  });
});
