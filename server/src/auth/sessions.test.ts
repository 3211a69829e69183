import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';
import { testEngine } from '../../test/engine.ts';

const minutes = (n: number) => n * 60_000;

describe('session lifetime (30 minutes idle, 12 hours absolute)', () => {
  const t = useTestApp();

  async function signedIn(email: string) {
    const browser = createBrowser(t);
    await signIn(browser, email);
    const cookie = `portal_session=${browser.cookie('portal_session')}`;
    return () => t.call('GET', '/api/v1/users/me', { cookie });
  }

  it('ends after 30 minutes without a request, and is deleted', async () => {
    const me = await signedIn('owner@example.com');
    const count = await t.prisma.session.count();
    t.clock.advance(minutes(29));
    expect((await me()).statusCode).toBe(200);
    // Each use moves the idle expiry forward.
    t.clock.advance(minutes(29));
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(minutes(31));
    const expired = await me();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors[0].code).toBe('UNAUTHENTICATED');
    expect(await t.prisma.session.count()).toBe(count - 1);
  });

  it('refreshes the idle expiry once for a burst of requests that read the session before it', async () => {
    const me = await signedIn('second@example.com');
    const sqlite = testEngine() === 'sqlite';
    // Counts every update of a session row (dropped at the end).
    const setUp = sqlite
      ? [
          'CREATE TABLE "RefreshCount" (n INTEGER)',
          'CREATE TRIGGER refresh_count AFTER UPDATE ON "Session" BEGIN INSERT INTO "RefreshCount" VALUES (1); END',
        ]
      : [
          'CREATE TABLE "RefreshCount" (n INTEGER)',
          'CREATE FUNCTION refresh_count() RETURNS trigger AS $$ BEGIN INSERT INTO "RefreshCount" VALUES (1); RETURN NULL; END $$ LANGUAGE plpgsql',
          'CREATE TRIGGER refresh_count AFTER UPDATE ON "Session" FOR EACH ROW EXECUTE FUNCTION refresh_count()',
        ];
    for (const sql of setUp) await t.prisma.$executeRawUnsafe(sql);
    try {
      t.clock.advance(minutes(2));
      const answers = await Promise.all(Array.from({ length: 10 }, () => me()));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      const [counted] = await t.prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
        'SELECT count(*) AS n FROM "RefreshCount"',
      );
      expect(Number(counted?.n)).toBe(1);
    } finally {
      for (const sql of sqlite
        ? ['DROP TRIGGER refresh_count', 'DROP TABLE "RefreshCount"']
        : [
            'DROP TRIGGER refresh_count ON "Session"',
            'DROP FUNCTION refresh_count',
            'DROP TABLE "RefreshCount"',
          ])
        await t.prisma.$executeRawUnsafe(sql);
    }
  });

  it('ends 12 hours after sign-in even when used all the time', async () => {
    const me = await signedIn('fleet@example.com');
    for (let elapsed = 0; elapsed < minutes(11 * 60 + 40); elapsed += minutes(20)) {
      t.clock.advance(minutes(20));
      expect((await me()).statusCode).toBe(200);
    }
    t.clock.advance(minutes(21));
    expect((await me()).statusCode).toBe(401);
  });
});

describe('production mode', () => {
  const t = useTestApp({ env: { PORTAL_MODE: 'production', PUBLIC_URL: 'https://portal.example.com' } });

  it('ignores X-User-Id', async () => {
    const response = await t.call('GET', '/api/v1/users/me', 'owner@example.com');
    expect(response.statusCode).toBe(401);
    const byId = await t.call('GET', '/api/v1/users/me', 'user-admin');
    expect(byId.statusCode).toBe(401);
  });

  it('signs in through the provider behind https and marks the cookie Secure', async () => {
    const browser = createBrowser(t, 'https://portal.example.com');
    const done = await signIn(browser, 'admin@example.com');
    expect(done.location).toBe('/');
    const cookie = done.setCookies.find((c) => c.startsWith('portal_session='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    const me = await browser.get('/api/v1/users/me');
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ email: 'admin@example.com', role: 'admin' });
  });
});
