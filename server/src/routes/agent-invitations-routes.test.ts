import { describe, expect, it } from 'vitest';
import { expectError, expectRefusals, type Refusal, signedOut, useTestApp } from '../../test/app.ts';

// The company's side of sharing: redeeming codes, connected users, permissions, removal.
const t = useTestApp({ env: { REDEEM_RATE_LIMIT_MAX: '1000' } });

/** The permissions or the removal of one of fleet@'s connected users. */
const asFleet = (method: 'GET' | 'PUT', invitationId: string, action: 'permissions' | 'revoke') =>
  t.call(method, `/api/v1/agents/invitations/${invitationId}/${action}`, 'fleet@example.com');

async function newCode(productId = 'prod-veh-1'): Promise<string> {
  const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
    { productId, includeSensitiveData: false },
  ]);
  return created.json().code as string;
}

describe('redeemInvitationCode', () => {
  it('claims a code typed in lower case without dashes and with Crockford look-alikes', async () => {
    const code = await newCode();
    const typed = code.replaceAll('-', '').toLowerCase().replaceAll('0', 'o').replaceAll('1', 'l');
    const response = await t.call('PUT', `/api/v1/invitations/redeem/${typed}`, 'fleet@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Olivia Owner',
      email: 'owner@example.com',
      status: 'CLAIMED',
    });
    const row = await t.prisma.invitation.findUniqueOrThrow({ where: { id: response.json().invitationId } });
    expect(row.agentId).toBe('user-fleet');
  });

  it('gives one identical answer for a wrong, used, expired, revoked or malformed code', async () => {
    const used = await newCode();
    await t.call('PUT', `/api/v1/invitations/redeem/${used}`, 'fleet@example.com');
    const expired = await newCode();
    const revoked = await newCode();
    const revokedRow = await t.prisma.invitation.findUniqueOrThrow({
      where: { code: revoked.replaceAll('-', '') },
    });
    await t.call('PUT', `/api/v1/invitations/${revokedRow.id}/revoke`, 'owner@example.com');
    await t.prisma.invitation.update({
      where: { code: expired.replaceAll('-', '') },
      data: { expiresAt: new Date(t.clock.now().getTime() - 1) },
    });
    const answers = [];
    for (const code of ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', used, expired, revoked, 'ABC']) {
      const response = await t.call('PUT', `/api/v1/invitations/redeem/${code}`, 'chargewise@example.com');
      answers.push([response.statusCode, response.json()]);
    }
    for (const answer of answers) {
      expect(answer).toEqual([
        400,
        { errors: [{ code: 'INVALID_CODE', message: 'Invalid or expired code.' }] },
      ]);
    }
  });

  it('is for active companies only', async () => {
    const code = await newCode();
    const inactive = ['pending@example.com', 'rejected@example.com', 'newco@example.com'];
    const otherRoles = ['owner@example.com', 'admin@example.com'];
    await expectRefusals(t, 'PUT', `/api/v1/invitations/redeem/${code}`, [
      ...inactive.map((who): Refusal => [who, 403, 'AGENT_NOT_ACTIVE']),
      ...otherRoles.map((who): Refusal => [who, 403, 'FORBIDDEN']),
      signedOut,
    ]);
    const row = await t.prisma.invitation.findUniqueOrThrow({ where: { code: code.replaceAll('-', '') } });
    expect(row.status).toBe('CREATED');
  });

  it('lets exactly one of 20 simultaneous redemptions of a code win', async () => {
    const code = await newCode();
    const companies = ['fleet@example.com', 'chargewise@example.com', 'saferoad@example.com'];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('PUT', `/api/v1/invitations/redeem/${code}`, companies[i % companies.length]),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    const row = await t.prisma.invitation.findUniqueOrThrow({ where: { code: code.replaceAll('-', '') } });
    const claims = await t.prisma.sharingEvent.count({ where: { invitationId: row.id, type: 'CLAIMED' } });
    expect([row.status, claims]).toEqual(['CLAIMED', 1]);
  });
});

describe('listConnectedInvitations', () => {
  const ids = async (filter: string, who = 'fleet@example.com') =>
    ((await t.call('GET', `/api/v1/agents/invitations/${filter}`, who)).json() as { invitationId: string }[])
      .map((entry) => entry.invitationId)
      .sort();

  it('lists the users who shared with this company, by filter', async () => {
    expect(await ids('ACTIVE')).toEqual(['inv-owner-accepted', 'inv-second-accepted']);
    expect(await ids('DECLINED')).toEqual(['inv-second-declined']);
    expect(await ids('REVOKED')).toEqual([
      'inv-second-revoked-after-accepted',
      'inv-second-revoked-after-claimed',
    ]);
    expect(await ids('ALL')).toContain('inv-second-paused');
    expect(await ids('ALL', 'saferoad@example.com')).not.toContain('inv-owner-accepted');
  });

  it('refuses inactive companies and other roles', async () => {
    await expectRefusals(t, 'GET', '/api/v1/agents/invitations/ALL', [
      ['pending@example.com', 403, 'AGENT_NOT_ACTIVE'],
      ['owner@example.com', 403, 'FORBIDDEN'],
      ['admin@example.com', 403, 'FORBIDDEN'],
      signedOut,
    ]);
  });
});

describe('getConnectedInvitationPermissions', () => {
  it('shows only the shared products and masks a vehicle whose collection is off', async () => {
    const response = await asFleet('GET', 'inv-owner-accepted', 'permissions');
    expect(response.statusCode).toBe(200);
    const { vehicles, wallboxes } = response.json();
    const ids = vehicles.map((v: { product: { externalId: string } }) => v.product.externalId).sort();
    expect(ids).toEqual(['WAU**************', 'WVGZZZE2ZNP004821']);
    expect(wallboxes.map((w: { id: string }) => w.id)).toEqual(['prod-wb-1']);
    const body = JSON.stringify(response.json());
    for (const unshared of ['prod-veh-2', 'prod-wb-2', 'WAUZZZF45PA031598'])
      expect(body).not.toContain(unshared);
  });

  it('shares nothing once the connection has ended', async () => {
    const response = await asFleet('GET', 'inv-second-revoked-after-accepted', 'permissions');
    expect(response.json()).toEqual({ vehicles: [], wallboxes: [] });
  });
});

describe('revokeConnectedInvitation', () => {
  it('removes a connected user and records who did it', async () => {
    const response = await asFleet('PUT', 'inv-second-paused', 'revoke');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      invitationId: 'inv-second-paused',
      status: 'REVOKED_AFTER_ACCEPTED',
    });
    const last = await t.prisma.sharingEvent.findFirstOrThrow({
      where: { invitationId: 'inv-second-paused' },
      orderBy: { at: 'desc' },
    });
    expect([last.type, last.actorRole, last.actorId]).toEqual(['REVOKED', 'agent', 'user-fleet']);
  });

  it('says why an ended connection cannot be removed', async () => {
    const ended = await asFleet('PUT', 'inv-second-declined', 'revoke');
    expectError(ended, 409, 'INVALID_REVOKE_STATE');
    expect(ended.json().errors[0].message).toBe(
      'This connected user cannot be removed in its current state.',
    );
  });
});

describe('a connected user’s permissions and removal, refused', () => {
  // Another company's invitation, an unknown one, a company not yet approved, a data owner.
  const refusals = (method: 'GET' | 'PUT', action: string, foreign: string) =>
    [
      ['inv-owner-paused', 'fleet@example.com', 403, foreign],
      ['nope', 'fleet@example.com', 404, 'INVITATION_NOT_FOUND'],
      ['inv-owner-accepted', 'pending@example.com', 403, 'AGENT_NOT_ACTIVE'],
      ['inv-owner-accepted', 'owner@example.com', 403, 'FORBIDDEN'],
    ].map((row) => [method, action, ...row] as [string, string, string, string, number, string]);
  it.each([
    ...refusals('GET', 'permissions', 'INVITATION_FORBIDDEN'),
    ...refusals('PUT', 'revoke', 'REVOKE_FORBIDDEN'),
  ])('%s …/%s of %s as %s answers %i %s', async (method, action, id, who, status, code) => {
    const response = await t.call(method as 'GET' | 'PUT', `/api/v1/agents/invitations/${id}/${action}`, who);
    expectError(response, status, code);
  });
});
