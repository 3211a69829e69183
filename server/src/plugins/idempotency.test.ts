import { describe, expect, it } from 'vitest';
import { as, expectError, useTestApp } from '../../test/app.ts';
import { idempotencyWindowMs } from './idempotency.ts';

// Idempotency-Key on the create calls: a repeated submit gets the first answer, never a second object.
const t = useTestApp({ env: { REDEEM_RATE_LIMIT_MAX: '1000' } });

const owner = 'owner@example.com';
const share = [{ productId: 'prod-veh-1', includeSensitiveData: false }];
const createInvitation = (key: string | undefined, payload: object = share, who = owner) =>
  t.call('POST', '/api/v1/invitations', { ...as(who), ...(key ? { 'idempotency-key': key } : {}) }, payload);
const invitations = () => t.prisma.invitation.count({ where: { ownerId: 'user-owner' } });

describe('Idempotency-Key', () => {
  it('answers a repeated create with the first answer and creates once', async () => {
    const before = await invitations();
    const first = await createInvitation('wizard-submit-1');
    const again = await createInvitation('wizard-submit-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await invitations()).toBe(before + 1);
  });

  it('creates once for a double click (both requests at the same time)', async () => {
    const before = await invitations();
    const [a, b] = await Promise.all([createInvitation('double-click'), createInvitation('double-click')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().code).toBe(a.json().code);
    expect(await invitations()).toBe(before + 1);
  });

  it('refuses the same key with a different body with 422', async () => {
    await createInvitation('reused-key');
    const other = await createInvitation('reused-key', [
      { productId: 'prod-veh-1', includeSensitiveData: true },
    ]);
    expectError(other, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(other.json().errors[0].message).toBe(
      'This Idempotency-Key was already used for a different request.',
    );
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const first = await createInvitation('key-order', [
      { productId: 'prod-veh-1', includeSensitiveData: false },
    ]);
    const again = await createInvitation('key-order', [
      { includeSensitiveData: false, productId: 'prod-veh-1' },
    ]);
    expect(again.json()).toEqual(first.json());
  });

  it('never shares a key between users', async () => {
    const key = 'same-key-two-users';
    const ownJob = await t.call('POST', '/api/v1/products/download', {
      ...as(owner),
      'idempotency-key': key,
    });
    const otherJob = await t.call('POST', '/api/v1/products/download', {
      ...as('second@example.com'),
      'idempotency-key': key,
    });
    expect(ownJob.statusCode).toBe(201);
    expect(otherJob.statusCode).toBe(201);
    expect(otherJob.json().id).not.toBe(ownJob.json().id);
    const job = await t.prisma.downloadJob.findUniqueOrThrow({ where: { id: otherJob.json().id } });
    expect(job.userId).toBe('user-second');
  });

  it('creates again once 24 hours have passed', async () => {
    const first = await createInvitation('day-old');
    t.wallClock.advance(idempotencyWindowMs);
    const later = await createInvitation('day-old');
    expect(later.statusCode).toBe(201);
    expect(later.json().code).not.toBe(first.json().code);
  });

  it('removes answers once their 24 hours have passed', async () => {
    await createInvitation('to-expire');
    t.wallClock.advance(idempotencyWindowMs + 60_000);
    await createInvitation('after-a-day');
    await expect.poll(() => t.prisma.idempotencyRecord.count({ where: { key: 'to-expire' } })).toBe(0);
    expect(await t.prisma.idempotencyRecord.count({ where: { key: 'after-a-day' } })).toBe(1);
  });

  it('does not store a refusal: the retry runs again', async () => {
    const missing = [{ productId: 'not-my-product', includeSensitiveData: false }];
    expectError(await createInvitation('refused', missing), 404, 'PRODUCT_NOT_FOUND');
    expectError(await createInvitation('refused', missing), 404, 'PRODUCT_NOT_FOUND');
  });

  it('gives up the claim of a refused request, so the retry runs and is stored', async () => {
    const missing = [{ productId: 'not-my-product', includeSensitiveData: false }];
    expectError(await createInvitation('refused-then-fixed', missing), 404, 'PRODUCT_NOT_FOUND');
    expect(await t.prisma.idempotencyRecord.count({ where: { key: 'refused-then-fixed' } })).toBe(0);
    const before = await invitations();
    expect((await createInvitation('refused-then-fixed')).statusCode).toBe(201);
    expect(await invitations()).toBe(before + 1);
  });

  it('takes over a key whose first request never finished (its instance stopped), once it is 30 s old', async () => {
    const claim = { userId: 'user-owner', fingerprint: 'another request', status: 0, body: '' };
    await t.prisma.idempotencyRecord.create({
      data: { ...claim, key: 'orphan', createdAt: new Date(t.wallClock.now().getTime() - 31_000) },
    });
    const before = await invitations();
    const answer = await createInvitation('orphan');
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['idempotent-replayed']).toBeUndefined();
    expect(await invitations()).toBe(before + 1);
    // A claim still running elsewhere with another request refuses this one at once.
    await t.prisma.idempotencyRecord.create({
      data: { ...claim, key: 'running', createdAt: t.wallClock.now() },
    });
    expectError(await createInvitation('running'), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('replays a redeemed code to the company that redeemed it', async () => {
    const { code } = (await createInvitation(undefined)).json();
    const redeem = (key?: string) =>
      t.call('PUT', `/api/v1/invitations/redeem/${code}`, {
        ...as('fleet@example.com'),
        ...(key ? { 'idempotency-key': key } : {}),
      });
    const first = await redeem('redeem-once');
    const again = await redeem('redeem-once');
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expectError(await redeem(), 400, 'INVALID_CODE');
  });

  it('refuses a key that is not 1 to 128 visible ASCII characters', async () => {
    expectError(await createInvitation('k'.repeat(129)), 400, 'VALIDATION_FAILED');
    expectError(await createInvitation('with space'), 400, 'VALIDATION_FAILED');
  });
});
