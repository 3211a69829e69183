import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createBrowser, signIn } from '../../../test/auth/browser.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('signing in again after logging out, in the same browser', () => {
  it('works every time, with the same or another persona', async () => {
    const browser = createBrowser(t.app);
    for (const email of [
      'owner@example.com',
      'owner@example.com',
      'fleet@example.com',
      'admin@example.com',
    ]) {
      const done = await signIn(browser, email);
      expect(done.location, email).toBe('/');
      const me = await browser.get('/api/v1/users/me');
      expect(JSON.parse(me.body).email).toBe(email);
      expect((await browser.post('/api/logout')).status).toBe(204);
    }
  });
});
