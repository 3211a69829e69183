import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/db.ts';
import type { PortalPrisma } from '../../db/client.ts';
import { LARGE_FLEET } from '../scenarios/large-fleet.ts';

// Scenarios: listed by the simulator, loaded by the reset call, deterministic.
const t = useTestApp();

const dev = as('admin@example.com');
const reset = (payload?: object) =>
  t.http({ method: 'POST', url: '/api/v1/sim/reset', headers: dev, ...(payload ? { payload } : {}) });
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: string; message: string }[] }).errors[0];

describe('listScenarios', () => {
  it('lists demo first, then empty and large-fleet, each with a title and description', async () => {
    const response = await t.call('GET', '/api/v1/sim/scenarios', dev);
    expect(response.statusCode).toBe(200);
    const scenarios = response.json() as { name: string; title: string; description: string }[];
    expect(scenarios.map((s) => s.name).slice(0, 3)).toEqual(['demo', 'empty', 'large-fleet']);
    for (const scenario of scenarios) {
      expect(scenario.title.length).toBeGreaterThan(0);
      expect(scenario.description.length).toBeGreaterThan(0);
    }
    expect((await t.call('GET', '/api/v1/sim/scenarios')).statusCode).toBe(401);
  });
});

describe('resetSimulation with a scenario', () => {
  it('loads empty (personas only), then demo again with the same ids', async () => {
    expect((await reset({ scenario: 'empty' })).statusCode).toBe(204);
    expect(await t.prisma.user.count({ where: { email: 'owner@example.com' } })).toBe(1);
    expect(await t.prisma.agentProfile.count({ where: { status: 'active' } })).toBe(3);
    expect(await t.prisma.product.count()).toBe(0);
    expect(await t.prisma.invitation.count()).toBe(0);

    expect((await reset({})).statusCode).toBe(204);
    expect((await t.prisma.invitation.findUnique({ where: { id: 'inv-owner-accepted' } }))?.status).toBe(
      'ACCEPTED',
    );
    expect(await t.prisma.product.count({ where: { id: 'prod-veh-1' } })).toBe(1);
  });

  it('refuses an unknown scenario and a malformed body with 400 in the envelope, leaving the data alone', async () => {
    const unknown = await reset({ scenario: 'huge-fleet' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)?.code).toBe('VALIDATION_FAILED');
    expect(errorOf(unknown)?.message).toContain('large-fleet');
    for (const body of [{ scenario: 'Demo!' }, { seed: -1 }, { seed: 1.5 }, { scenario: 'demo', extra: 1 }]) {
      const response = await reset(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)?.code).toBe('VALIDATION_FAILED');
    }
    expect(await t.prisma.invitation.count({ where: { id: 'inv-owner-accepted' } })).toBe(1);
  });
});

/** A hash of every row of the tables a scenario writes, in primary-key order. */
async function fingerprint(prisma: PortalPrisma): Promise<string> {
  const hash = createHash('sha256');
  const tables: [string, string][] = [
    ['User', 'id'],
    ['AgentProfile', 'id'],
    ['Product', 'id'],
    ['CollectionPeriod', 'id'],
    ['Invitation', 'id'],
    ['InvitationProduct', '"invitationId", "productId"'],
    ['SharingEvent', 'id'],
  ];
  for (const [table, key] of tables) {
    const rows = await prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${table}" ORDER BY ${key}`);
    hash.update(`${table}:${JSON.stringify(rows)}`);
  }
  return hash.digest('hex');
}

describe('large-fleet', () => {
  it('has the volumes it promises, every status, and the same rows for the same seed', async () => {
    const now = new Date('2026-03-01T09:00:00Z');
    // Both at once: each load waits on its database as much as it computes.
    const [a, b] = await Promise.all([
      createTestDatabase({ scenario: 'large-fleet', now }),
      createTestDatabase({ scenario: 'large-fleet', now }),
    ]);
    try {
      const fleet = await a.prisma.invitation.groupBy({
        by: ['status'],
        where: { agentId: 'user-fleet', id: { startsWith: 'lf-' } },
        _count: true,
      });
      expect(fleet.reduce((sum, g) => sum + g._count, 0)).toBe(LARGE_FLEET.connectedUsers);
      expect(fleet.map((g) => g.status).sort()).toEqual([
        'ACCEPTED',
        'CLAIMED',
        'DECLINED',
        'PAUSED_BY_ADMIN',
        'REVOKED_AFTER_ACCEPTED',
        'REVOKED_AFTER_CLAIMED',
      ]);
      const owner = await a.prisma.invitation.groupBy({
        by: ['status'],
        where: { ownerId: 'user-owner' },
        _count: true,
      });
      expect(owner).toHaveLength(8);
      expect(owner.reduce((sum, g) => sum + g._count, 0)).toBeGreaterThanOrEqual(
        LARGE_FLEET.ownerInvitations,
      );
      expect(await a.prisma.product.count({ where: { ownerId: 'user-owner' } })).toBeGreaterThanOrEqual(500);
      expect(await a.prisma.agentProfile.count()).toBeGreaterThanOrEqual(LARGE_FLEET.applications);
      expect(await a.prisma.invitation.count({ where: { agentId: { not: null } } })).toBeGreaterThanOrEqual(
        50_000,
      );
      const oldest = await a.prisma.invitation.findFirstOrThrow({
        where: { agentId: 'user-fleet' },
        orderBy: { createdAt: 'asc' },
      });
      expect(now.getTime() - oldest.createdAt.getTime()).toBeGreaterThan(600 * 86_400_000);
      // demo's ids are still there
      expect(await a.prisma.invitation.count({ where: { id: 'inv-second-paused' } })).toBe(1);
      expect(await fingerprint(a.prisma)).toBe(await fingerprint(b.prisma));
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
  }, 360_000); // A safety net for two 60,000-row loads on a busy machine, not a speed target (that is the bench's).
});
