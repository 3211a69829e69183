import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';

const t = useTestApp();

const me = (email: string) => t.call('GET', '/api/v1/users/me', email);
const accept = (email: string, termsId: string) =>
  t.call('PUT', `/api/v1/users/terms/${termsId}/accept`, email);

describe('GET /api/v1/users/me', () => {
  it.each([
    ['owner@example.com', { role: 'user', fullName: 'Olivia Owner', termsToAccept: null, agentStatus: null }],
    ['empty@example.com', { role: 'user', termsToAccept: null, agentStatus: null }],
    ['terms@example.com', { role: 'user', termsToAccept: '2025-06', agentStatus: null }],
    ['fleet@example.com', { role: 'agent', termsToAccept: null, agentStatus: 'active' }],
    ['pending@example.com', { role: 'agent', termsToAccept: null, agentStatus: 'pending' }],
    ['rejected@example.com', { role: 'agent', termsToAccept: null, agentStatus: 'rejected' }],
    ['newco@example.com', { role: 'agent', termsToAccept: null, agentStatus: null }],
    ['admin@example.com', { role: 'admin', termsToAccept: null, agentStatus: null }],
  ])('answers %s with role, pending terms and company status', async (email, expected) => {
    const response = await me(email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ email, ...expected });
    expect(Object.keys(body).sort()).toEqual([
      'agentStatus',
      'email',
      'fullName',
      'id',
      'role',
      'termsToAccept',
    ]);
  });

  it('answers 401 UNAUTHENTICATED without a session, with an unknown cookie or an unknown X-User-Id', async () => {
    for (const headers of [{}, { cookie: 'portal_session=not-a-session' }, as('nobody@example.com')]) {
      const response = await t.call('GET', '/api/v1/users/me', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
    }
  });

  it('accepts X-User-Id by user id as well as by email in test mode', async () => {
    const response = await t.call('GET', '/api/v1/users/me', 'user-fleet');
    expect(response.json()).toMatchObject({ email: 'fleet@example.com' });
  });

  it('asks for a newly published version, but not for one published in the future', async () => {
    await t.prisma.termsVersion.create({
      data: {
        role: 'admin',
        version: '2026-09',
        publishedAt: new Date('2026-09-01T00:00:00Z'),
        documentName: 'x.pdf',
      },
    });
    expect((await me('admin@example.com')).json().termsToAccept).toBeNull();
    await t.prisma.termsVersion.create({
      data: {
        role: 'admin',
        version: '2026-02',
        publishedAt: new Date('2026-02-01T00:00:00Z'),
        documentName: 'y.pdf',
      },
    });
    expect((await me('admin@example.com')).json().termsToAccept).toBe('2026-02');
  });
});

describe('PUT /api/v1/users/terms/{termsId}/accept', () => {
  it('refuses a version that is not the pending one, old or unknown, with 409 TERMS_NOT_PENDING', async () => {
    for (const termsId of ['2025-01', '2099-01']) {
      const response = await accept('terms@example.com', termsId);
      expect(response.statusCode).toBe(409);
      const [error] = response.json().errors;
      expect(error.code).toBe('TERMS_NOT_PENDING');
      expect(error.message).toContain('"2025-06"');
    }
    expect((await me('terms@example.com')).json().termsToAccept).toBe('2025-06');
  });

  it('records the pending version and answers the updated user; accepting again is a conflict', async () => {
    const response = await accept('terms@example.com', '2025-06');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'terms@example.com', termsToAccept: null });
    const stored = await t.prisma.termsAcceptance.findUnique({
      where: { userId_role_version: { userId: 'user-terms', role: 'user', version: '2025-06' } },
    });
    expect(stored?.acceptedAt.toISOString()).toBe(t.clock.now().toISOString());
    expect((await me('terms@example.com')).json().termsToAccept).toBeNull();

    const again = await accept('terms@example.com', '2025-06');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toMatch(/no terms waiting/);
  });

  it('rejects a malformed terms id and requires a session', async () => {
    const malformed = await accept('owner@example.com', 'bad%20id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].code).toBe('VALIDATION_FAILED');
    const anonymous = await t.call('PUT', '/api/v1/users/terms/2025-06/accept');
    expect(anonymous.statusCode).toBe(401);
  });

  it('works with a session cookie from a real sign-in', async () => {
    await t.prisma.termsAcceptance.deleteMany({ where: { userId: 'user-owner', version: '2025-06' } });
    const browser = createBrowser(t);
    await signIn(browser, 'owner@example.com');
    expect(JSON.parse((await browser.get('/api/v1/users/me')).body).termsToAccept).toBe('2025-06');
    const cookie = `portal_session=${browser.cookie('portal_session')}`;
    const response = await t.call('PUT', '/api/v1/users/terms/2025-06/accept', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().termsToAccept).toBeNull();
  });
});
