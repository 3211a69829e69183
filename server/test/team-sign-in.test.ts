// The built-in identity provider in a team (issue 24): its records and cookie keys are in the database,
// so each step of a sign-in (the portal's redirect, the provider's page, the chosen account, the resumed
// authorisation, the code's exchange) may reach another instance, as behind a round-robin balancer.

import { loginUrlFromCallback } from '@portal/test-support/sign-in-page';
import { describe, expect, it } from 'vitest';
import { send } from './app.ts';
import { type Browser, callbackFor, createBrowser } from './auth/browser.ts';
import { useTeam } from './team.ts';

const team = useTeam({ instances: 2 });

/** A browser behind a balancer that sends every request to the next instance in turn. */
function browserBehindBalancer(first: number): { browser: Browser; served: number[] } {
  let next = first;
  const served: number[] = [];
  const browser = createBrowser({
    http: (request) => {
      const index = next % team.instances.length;
      next += 1;
      served.push(index);
      return send((team.instances[index] as { url: string }).url, request);
    },
  });
  return { browser, served };
}

describe('the built-in identity provider, two instances', () => {
  it.each([0, 1])(
    'signs a persona in with every step on the other instance than the one before (first step on %i)',
    async (first) => {
      const { browser, served } = browserBehindBalancer(first);
      const callback = await callbackFor(browser, 'owner@example.com');
      const finished = await browser.get(loginUrlFromCallback(callback));
      expect(finished.status).toBe(302);
      expect(finished.location).not.toContain('error');
      // Every step alternated: the provider's interaction, resumption and code crossed instances.
      expect(served.length).toBeGreaterThanOrEqual(5);
      for (let step = 1; step < served.length; step += 1) expect(served[step]).not.toBe(served[step - 1]);
      // Signed in on both instances.
      for (let call = 0; call < 2; call += 1) {
        const me = await browser.get('/api/v1/users/me');
        expect(me.status).toBe(200);
        expect(JSON.parse(me.body).email).toBe('owner@example.com');
      }
    },
  );

  it('refuses an interaction nobody started, on either instance', async () => {
    const { browser } = browserBehindBalancer(0);
    for (let call = 0; call < 2; call += 1) {
      const page = await browser.get('/oidc/interaction/not-an-interaction');
      expect(page.status).toBeGreaterThanOrEqual(400);
      expect(page.status).toBeLessThan(500);
    }
  });
});
