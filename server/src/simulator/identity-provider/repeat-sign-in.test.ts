import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createBrowser, signIn } from '../../../test/auth/browser.ts';

// Every sign-in after a logout used to end on "interaction session not found" once the persona changed.
const t = useTestApp();

describe('signing in again after logging out, in the same browser', () => {
  it('works every time, with the same or another persona', async () => {
    const browser = createBrowser(t);
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
