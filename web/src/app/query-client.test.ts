import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorMeta } from '../lib/api/query-errors.ts';
import { createNotificationStore } from '../lib/notifications/notification-store.ts';
import { createAppQueryClient } from './query-client.ts';

const envelope = (code: string, requestId?: string) => ({
  errors: [{ code, message: 'Request failed.', ...(requestId ? { requestId } : {}) }],
});

const disposers: (() => void)[] = [];

function setup() {
  const store = createNotificationStore();
  disposers.push(store.dispose);
  const client = createAppQueryClient(store);
  return { store, client };
}

const rejectWith = (error: unknown) => () => Promise.reject(error);

/** Runs one query of `client` that fails with `error`. */
const failQuery = (
  client: ReturnType<typeof createAppQueryClient>,
  key: string,
  error: unknown,
  meta?: ErrorMeta,
) =>
  client
    .fetchQuery({ queryKey: [key], queryFn: rejectWith(error), ...(meta ? { meta } : {}) })
    .catch(() => undefined);

describe('failed queries and mutations reach the user in one place', () => {
  afterEach(() => {
    for (const dispose of disposers.splice(0)) dispose();
  });

  it("a failed query shows its meta's message with the request id for support as a second line", async () => {
    const { store, client } = setup();
    await failQuery(client, 'products', envelope('INTERNAL_ERROR', 'req-7f3a9c'), {
      errorMessage: 'products.errors.fetch',
      errorDuration: 6000,
    });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'Failed to fetch products',
        detail: 'Request id for support: req-7f3a9c',
        duration: 6000,
      }),
    ]);
  });

  it('has no second line when the failure carries no request id (a network failure)', async () => {
    const { store, client } = setup();
    await failQuery(client, 'jobs', new TypeError('Failed to fetch'), {
      errorMessage: 'products.errors.jobs',
    });
    const [notice] = store.getSnapshot();
    expect(notice?.message).toBe("Couldn't get the status of your downloads. Try again later");
    expect(notice?.detail).toBeUndefined();
    expect(notice?.duration).toBe(3000);
  });

  it('a call refused because the session ended says nothing itself (the shell tells it once)', async () => {
    const { store, client } = setup();
    await failQuery(client, 'products', envelope('UNAUTHENTICATED'), {
      errorMessage: 'products.errors.fetch',
    });
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: rejectWith(envelope('UNAUTHENTICATED')),
        meta: { errorMessage: 'connectedUsers.errors.remove' },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('a query without an error message stays silent (the screen shows the failure itself)', async () => {
    const { store, client } = setup();
    await failQuery(client, 'quiet', envelope('NOT_FOUND'));
    expect(store.getSnapshot()).toEqual([]);
  });

  it('does not stack the same failure while it is on screen (two lists, a poll failing again)', async () => {
    const { store, client } = setup();
    const meta = { errorMessage: 'recipients.errors.fetch' } as const;
    for (const key of ['claimed', 'unclaimed', 'claimed'])
      await failQuery(client, key, envelope('INTERNAL_ERROR'), meta);
    expect(store.getSnapshot().map((item) => item.message)).toEqual([
      'Failed to fetch invitations. Try later..',
    ]);
  });

  it("a failed mutation shows the message for its error code, else its meta's message", async () => {
    const { store, client } = setup();
    const meta = {
      errorMessage: 'connectedUsers.errors.remove',
      errorMessages: { REVOKE_FORBIDDEN: 'connectedUsers.errors.forbidden' },
    } as const;
    const run = (code: string) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: rejectWith(envelope(code, 'req-1')), meta })
        .execute(undefined)
        .catch(() => undefined);
    await run('REVOKE_FORBIDDEN');
    await run('INTERNAL_ERROR');
    const en = await import('../lib/i18n/en.json');
    expect(store.getSnapshot().map((item) => [item.message, item.detail])).toEqual([
      [en.connectedUsers.errors.forbidden, 'Request id for support: req-1'],
      [en.connectedUsers.errors.remove, 'Request id for support: req-1'],
    ]);
  });
});
