import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { createManualClock } from '../lib/clock.ts';
import { createSession } from './sessions.ts';

// Sessions expire in real time: a fast simulation clock must not sign people out.
describe('session expiry and the simulation clock', () => {
  const t = useTestApp();

  it('keeps a session while simulated days pass, and ends it after 30 real idle minutes', async () => {
    const simulation = createManualClock(t.clock.now());
    const wall = createManualClock(t.clock.now());
    const app = await buildApp({ config: t.config, prisma: t.prisma, clock: simulation, wallClock: wall });
    try {
      const { token } = await createSession(
        { prisma: t.prisma, wallClock: wall, config: t.config },
        'user-owner',
      );
      const me = () =>
        app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          cookies: { [t.config.session.cookieName]: token },
        });

      simulation.advance(3 * 24 * 60 * 60 * 1000);
      expect((await me()).statusCode).toBe(200);

      wall.advance(31 * 60 * 1000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
