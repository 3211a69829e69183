import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testNow } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createManualClock } from './clock.ts';

// Access codes never reach the log, at the chattiest level, whatever carries them.
const CODE = 'HJKM-NPQR-STUV-WXYZ';
let db: TestDatabase;
let log = '';
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const clock = createManualClock(testNow);
  db = await createTestDatabase({ seed: true, now: clock.now() });
  const config = loadConfig(
    { PORTAL_MODE: 'test', DATA_DIR: db.dir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'trace' },
    { databaseUrl: db.url },
  );
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  app = await buildApp({ config, prisma: db.prisma, clock, wallClock: clock }, { logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.cleanup();
});

describe('access codes in the log', () => {
  it('are redacted in the API path, the invitation link page and request bodies', async () => {
    const fleet = as('fleet@example.com');
    await app.inject({ method: 'PUT', url: `/api/v1/invitations/redeem/${CODE}`, headers: fleet });
    await app.inject({ method: 'GET', url: `/redeem/${CODE}` });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/redeem/${CODE}`,
      headers: { ...fleet, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: CODE }),
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: { ...as('owner@example.com'), 'content-type': 'application/json' },
      payload: JSON.stringify({ code: CODE }),
    });
    expect(log).toContain('/api/v1/invitations/redeem/[redacted]');
    expect(log).toContain('/redeem/[redacted]');
    expect(log).not.toContain(CODE);
    expect(log).not.toContain(CODE.replaceAll('-', ''));
  });
});
