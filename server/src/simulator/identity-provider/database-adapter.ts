import { randomBytes } from 'node:crypto';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { PortalPrisma } from '../../db/client.ts';

// A model without a lifetime still goes within the longest sign-in lifetime (the provider's session).
const LONGEST_LIFETIME_SECONDS = 3600;
// Expired records are deleted by whichever sign-in step comes first after this long.
const SWEEP_EVERY_MS = 60_000;
const COOKIE_KEYS = 'portal:cookie-keys';
const FOREVER = new Date('9999-12-31T00:00:00.000Z');

type Prisma = Pick<PortalPrisma, 'providerRecord'>;

/**
 * The built-in provider's storage in the world's database (`ProviderRecord`, decision 0061): every
 * instance of a team reads the interactions, sessions, grants and codes any other wrote, so each step
 * of a sign-in may reach any instance. One row per record; `consumed` is a column, so consuming a code
 * is one conditional update and a replayed code is refused whichever instance sees it.
 */
export function createDatabaseAdapterFactory(prisma: Prisma, now: () => number = Date.now): AdapterFactory {
  let sweptAt = 0;
  const sweep = () => {
    if (now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now();
    prisma.providerRecord
      .deleteMany({ where: { expiresAt: { lt: new Date(sweptAt) } } })
      .catch(() => undefined); // tried again a minute later
  };
  const live = (
    row: { payload: string; expiresAt: Date; consumed: number | null } | null,
  ): AdapterPayload | undefined => {
    if (!row || row.expiresAt.getTime() <= now()) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        sweep();
        const data = {
          uid: payload.uid ?? null,
          grantId: payload.grantId ?? null,
          payload: JSON.stringify(payload),
          expiresAt: new Date(now() + (expiresIn ?? LONGEST_LIFETIME_SECONDS) * 1000),
        };
        await prisma.providerRecord.upsert({
          where: { id: keyOf(id) },
          create: { id: keyOf(id), ...data },
          update: data,
        });
      },
      async find(id) {
        return live(await prisma.providerRecord.findUnique({ where: { id: keyOf(id) } }));
      },
      async findByUid(uid) {
        return live(
          await prisma.providerRecord.findFirst({ where: { uid, id: { startsWith: `${model}:` } } }),
        );
      },
      // The device flow (user codes) is not enabled.
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        // oidc-provider refuses consumed codes and revokes what was issued with them (replay detection).
        await prisma.providerRecord.updateMany({
          where: { id: keyOf(id), consumed: null },
          data: { consumed: Math.floor(now() / 1000) },
        });
      },
      async destroy(id) {
        await prisma.providerRecord.deleteMany({ where: { id: keyOf(id) } });
      },
      async revokeByGrantId(grantId) {
        await prisma.providerRecord.deleteMany({ where: { grantId } });
      },
    };
  };
}

/**
 * The keys that sign the provider's cookies, the same on every instance of a team: made by the first
 * instance that needs them and stored beside the records; every other instance reads them.
 */
export async function sharedCookieKeys(prisma: Prisma): Promise<string[]> {
  const existing = await prisma.providerRecord.findUnique({ where: { id: COOKIE_KEYS } });
  if (existing) return JSON.parse(existing.payload) as string[];
  try {
    const keys = [randomBytes(32).toString('base64url')];
    await prisma.providerRecord.create({
      data: { id: COOKIE_KEYS, payload: JSON.stringify(keys), expiresAt: FOREVER },
    });
    return keys;
  } catch {
    // Another instance made them at the same moment: theirs are the team's.
    const made = await prisma.providerRecord.findUniqueOrThrow({ where: { id: COOKIE_KEYS } });
    return JSON.parse(made.payload) as string[];
  }
}
