import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createBrowser, signIn, openSignInPage } from '../../test/auth/browser.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

it('smoke', async () => {
  const b = createBrowser(t.app);
  const { start, authorize, page } = await openSignInPage(b);
  console.log(start.location, authorize.location, page.status, page.headers['content-security-policy']);
  const res = await signIn(b, 'owner@example.com');
  console.log(res.status, res.location, res.setCookies);
  const me = await b.get('/api/v1/users/me');
  console.log(me.status, me.body);
  expect(me.status).toBe(200);
});
