// The built-in provider's records in the database (decision 0061): what oidc-provider stores is found
// again by id, by uid and by grant, on any client of the database, until it expires; a code is consumed
// once; the cookie keys are made once and shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { createPrisma, type PortalPrisma } from '../../db/client.ts';
import { createDatabaseAdapterFactory, sharedCookieKeys } from './database-adapter.ts';

let db: TestDatabase;
let other: PortalPrisma;
let now = Date.parse('2026-03-01T10:00:00Z');
const clock = () => now;

beforeAll(async () => {
  db = await createTestDatabase();
  other = createPrisma(db.url);
});
afterAll(async () => {
  await other?.$disconnect();
  await db?.cleanup();
});

describe('the provider records in the database', () => {
  it('are found by id, uid and grant through another client, until they expire', async () => {
    const here = createDatabaseAdapterFactory(db.prisma, clock);
    const there = createDatabaseAdapterFactory(other, clock);
    await here('Session').upsert('s1', { uid: 'u1', accountId: 'a', kind: 'Session' }, 60);
    await here('AuthorizationCode').upsert('c1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    expect(await there('Session').find('s1')).toMatchObject({ uid: 'u1', accountId: 'a' });
    expect(await there('Session').findByUid('u1')).toMatchObject({ accountId: 'a' });
    // A uid is looked up in its own model only.
    expect(await there('Interaction').findByUid('u1')).toBeUndefined();
    expect(await there('AuthorizationCode').find('c1')).toMatchObject({ grantId: 'g1' });

    await there('AuthorizationCode').consume('c1');
    const consumed = (await here('AuthorizationCode').find('c1'))?.consumed;
    expect(consumed).toBe(Math.floor(now / 1000));
    now += 5_000;
    await here('AuthorizationCode').consume('c1'); // the first use stays recorded
    expect((await there('AuthorizationCode').find('c1'))?.consumed).toBe(consumed);

    await there('Grant').revokeByGrantId('g1');
    expect(await here('AuthorizationCode').find('c1')).toBeUndefined();
    now += 61_000;
    expect(await here('Session').find('s1')).toBeUndefined();
    await here('Session').destroy('s1');
    expect(await db.prisma.providerRecord.count({ where: { id: 'Session:s1' } })).toBe(0);
  });

  it('share one set of cookie keys, made once even when instances ask together', async () => {
    const keys = await Promise.all([
      sharedCookieKeys(db.prisma),
      sharedCookieKeys(other),
      sharedCookieKeys(db.prisma),
    ]);
    expect(keys[0]).toHaveLength(1);
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    expect(await sharedCookieKeys(other)).toEqual(keys[0]);
  });
});
