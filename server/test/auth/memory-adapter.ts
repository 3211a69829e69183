import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

const LONGEST_LIFETIME_SECONDS = 3600;

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * The storage of the tests' external identity provider (external-idp.ts): one map per provider, in
 * memory (the built-in provider keeps its records in the database: decision 0061). Replaces
 * oidc-provider's quick-start adapter, which warns on every start, and keeps test providers apart.
 */
export function createMemoryAdapterFactory(now: () => number = Date.now): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  const live = (key: string | undefined): AdapterPayload | undefined => {
    if (key === undefined) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    for (const index of [byUid, byUserCode]) {
      for (const [value, key] of index) if (!entries.has(key)) index.delete(value);
    }
    for (const [grantId, keys] of byGrant) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) byGrant.delete(grantId);
    }
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        if (entries.size > 5_000) sweep();
        const key = keyOf(id);
        // A model without a lifetime still leaves memory within the longest sign-in lifetime (an hour).
        const seconds = expiresIn ?? LONGEST_LIFETIME_SECONDS;
        entries.set(key, { payload: { ...payload }, expiresAt: now() + seconds * 1000 });
        if (payload.uid) byUid.set(payload.uid, key);
        if (payload.userCode) byUserCode.set(payload.userCode, key);
        if (payload.grantId) {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          byGrant.set(payload.grantId, keys);
        }
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        return live(byUid.get(uid));
      },
      async findByUserCode(userCode) {
        return live(byUserCode.get(userCode));
      },
      async consume(id) {
        const payload = live(keyOf(id));
        // oidc-provider refuses consumed codes and revokes what was issued with them (replay detection).
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
      },
    };
  };
}
