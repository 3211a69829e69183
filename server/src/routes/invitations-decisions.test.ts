import { describe, expect, it } from 'vitest';
import { expectError, expectRefusals, signedOut, useTestApp } from '../../test/app.ts';

// Accepting, declining and revoking, on the owner's side, including requests that race each other.
const t = useTestApp({ env: { REDEEM_RATE_LIMIT_MAX: '1000' } });

const put = (url: string, who?: string) => t.call('PUT', url, who);

async function newInvitation(): Promise<{ id: string; code: string }> {
  const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
    { productId: 'prod-veh-1', includeSensitiveData: false },
  ]);
  const code = created.json().code as string;
  const row = await t.prisma.invitation.findUniqueOrThrow({ where: { code: code.replaceAll('-', '') } });
  return { id: row.id, code };
}

async function claimedInvitation(): Promise<string> {
  const { id, code } = await newInvitation();
  const redeemed = await put(`/api/v1/invitations/redeem/${code}`, 'fleet@example.com');
  expect(redeemed.statusCode).toBe(200);
  return id;
}

/** The audit trail as the owner reads it (oldest first). */
const eventTypes = async (id: string) => {
  const response = await t.call('GET', `/api/v1/invitations/${id}/events`, 'owner@example.com');
  return (response.json() as { type: string }[]).map((event) => event.type);
};

describe('decideInvitation', () => {
  it('accepts a claimed invitation and answers the updated list entry', async () => {
    const id = await claimedInvitation();
    t.clock.advance(60_000);
    const response = await put(`/api/v1/invitations/${id}/redeem/accept`, 'owner@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      type: 'agent',
      status: 'ACCEPTED',
      displayName: 'Fleet Analytics',
    });
    expect(response.json().statusChangedAt).toBe(t.clock.now().toISOString());
    expect(await eventTypes(id)).toEqual(['CREATED', 'CLAIMED', 'ACCEPTED']);
  });

  it('declines a claimed invitation', async () => {
    const id = await claimedInvitation();
    const response = await put(`/api/v1/invitations/${id}/redeem/decline`, 'owner@example.com');
    expect(response.json().status).toBe('DECLINED');
    const again = await put(`/api/v1/invitations/${id}/redeem/accept`, 'owner@example.com');
    expectError(again, 409, 'INVALID_INVITATION_STATE');
    expect(again.json().errors[0].message).toBe(
      'This invitation is no longer pending. Please refresh the page.',
    );
  });

  it('finds the invitation by its upper-cased id or its code, as the web app sends them', async () => {
    const id = await claimedInvitation();
    const upper = await put(`/api/v1/invitations/${id.toUpperCase()}/redeem/accept`, 'owner@example.com');
    expect([upper.statusCode, upper.json().id, upper.json().status]).toEqual([200, id, 'ACCEPTED']);
    const other = await claimedInvitation();
    const { code } = await t.prisma.invitation.findUniqueOrThrow({ where: { id: other } });
    const byCode = await put(`/api/v1/invitations/${code}/redeem/decline`, 'owner@example.com');
    expect([byCode.json().id, byCode.json().status]).toEqual([other, 'DECLINED']);
  });

  it('refuses an unclaimed invitation, another owner, an unknown id, a bad decision and other roles', async () => {
    const { id } = await newInvitation();
    const unclaimed = await put(`/api/v1/invitations/${id}/redeem/accept`, 'owner@example.com');
    expectError(unclaimed, 409, 'INVALID_INVITATION_STATE');
    await expectRefusals(t, 'PUT', '/api/v1/invitations/inv-owner-claimed/redeem/accept', [
      ['second@example.com', 403, 'INVITATION_FORBIDDEN'],
      ['fleet@example.com', 403, 'FORBIDDEN'],
      ['admin@example.com', 403, 'FORBIDDEN'],
      signedOut,
    ]);
    const missing = await put('/api/v1/invitations/does-not-exist/redeem/accept', 'owner@example.com');
    expectError(missing, 404, 'INVITATION_NOT_FOUND');
    const maybe = await put('/api/v1/invitations/inv-owner-claimed/redeem/maybe', 'owner@example.com');
    expectError(maybe, 400, 'VALIDATION_FAILED');
    expect((await t.prisma.invitation.findUniqueOrThrow({ where: { id: 'inv-owner-claimed' } })).status).toBe(
      'CLAIMED',
    );
  });
});

describe('revokeInvitation', () => {
  it('deletes a link before it is claimed, after which the code no longer works', async () => {
    const { id, code } = await newInvitation();
    const response = await put(`/api/v1/invitations/${id}/revoke`, 'owner@example.com');
    expect(response.json()).toMatchObject({ type: 'invitation', status: 'REVOKED_BEFORE_CLAIMED' });
    const redeem = await put(`/api/v1/invitations/redeem/${code}`, 'fleet@example.com');
    expectError(redeem, 400, 'INVALID_CODE');
  });

  it('removes a claimed and an accepted recipient, and a paused one', async () => {
    const claimed = await claimedInvitation();
    expect((await put(`/api/v1/invitations/${claimed}/revoke`, 'owner@example.com')).json().status).toBe(
      'REVOKED_AFTER_CLAIMED',
    );
    expect(
      (await put('/api/v1/invitations/inv-owner-accepted/revoke', 'owner@example.com')).json().status,
    ).toBe('REVOKED_AFTER_ACCEPTED');
    expect(
      (await put('/api/v1/invitations/inv-owner-paused/revoke', 'owner@example.com')).json().status,
    ).toBe('REVOKED_AFTER_ACCEPTED');
    expect((await eventTypes('inv-owner-accepted')).at(-1)).toBe('REVOKED');
  });

  it('answers INVALID_REVOKE_STATE, REVOKE_FORBIDDEN and INVITATION_NOT_FOUND', async () => {
    const revoke = (id: string, who = 'owner@example.com') => put(`/api/v1/invitations/${id}/revoke`, who);
    expectError(await revoke('inv-owner-declined'), 409, 'INVALID_REVOKE_STATE');
    expectError(await revoke('inv-second-accepted'), 403, 'REVOKE_FORBIDDEN');
    expectError(await revoke('nope'), 404, 'INVITATION_NOT_FOUND');
    expectError(await revoke('inv-second-accepted', 'fleet@example.com'), 403, 'FORBIDDEN');
  });
});

describe('racing decisions', () => {
  it('accept, decline and revoke at once end in one legal state that the audit trail agrees with', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await claimedInvitation();
      const responses = await Promise.all([
        put(`/api/v1/invitations/${id}/redeem/accept`, 'owner@example.com'),
        put(`/api/v1/invitations/${id}/redeem/decline`, 'owner@example.com'),
        put(`/api/v1/invitations/${id}/revoke`, 'owner@example.com'),
      ]);
      const final = await t.prisma.invitation.findUniqueOrThrow({ where: { id } });
      const events = await eventTypes(id);
      const [accept, decline, revoke] = responses.map((response) => response.statusCode);
      // Revoking stays possible after an accept; after a decline it is not.
      const legal: Record<string, string[]> = {
        ACCEPTED: ['CREATED', 'CLAIMED', 'ACCEPTED'],
        DECLINED: ['CREATED', 'CLAIMED', 'DECLINED'],
        REVOKED_AFTER_CLAIMED: ['CREATED', 'CLAIMED', 'REVOKED'],
        REVOKED_AFTER_ACCEPTED: ['CREATED', 'CLAIMED', 'ACCEPTED', 'REVOKED'],
      };
      expect(Object.keys(legal)).toContain(final.status);
      expect(events).toEqual(legal[final.status]);
      expect([accept, decline].filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      if (final.status === 'DECLINED') expect([decline, accept, revoke]).toEqual([200, 409, 409]);
      if (final.status === 'REVOKED_AFTER_CLAIMED')
        expect([revoke, accept, decline]).toEqual([200, 409, 409]);
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        expect(response.statusCode).toBe(409);
      }
    }
  });
});
