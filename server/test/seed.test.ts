import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseAccessCode } from '../src/domain/access-code.ts';
import { INVITATION_STATUSES } from '../src/domain/invitation-lifecycle.ts';
import { USER_IDS } from '../src/simulator/scenarios/demo-people.ts';
import { resetToScenario } from '../src/simulator/scenarios/load.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { testEngine } from './engine.ts';

const now = new Date('2025-09-15T10:00:00.000Z');
const DAY = 86_400_000;
const ALL_STATUSES: readonly string[] = INVITATION_STATUSES;
const WITH_AGENT = ALL_STATUSES.filter((s) => s !== 'CREATED' && s !== 'REVOKED_BEFORE_CLAIMED');

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true, now });
});
afterAll(async () => {
  await t.cleanup();
});

async function userByEmail(email: string) {
  return t.prisma.user.findUniqueOrThrow({
    where: { email },
    include: { agentProfile: true, termsAcceptances: true, agentFiles: true },
  });
}

async function pendingTerms(email: string): Promise<string | null> {
  const user = await userByEmail(email);
  const latest = await t.prisma.termsVersion.findFirstOrThrow({
    where: { role: user.role },
    orderBy: { publishedAt: 'desc' },
  });
  const accepted = user.termsAcceptances.some((a) => a.role === latest.role && a.version === latest.version);
  return accepted ? null : latest.version;
}

describe('seed personas', () => {
  it('has every persona with its role', async () => {
    const expected: Record<string, string> = {
      'owner@example.com': 'user',
      'empty@example.com': 'user',
      'terms@example.com': 'user',
      'fleet@example.com': 'agent',
      'pending@example.com': 'agent',
      'rejected@example.com': 'agent',
      'newco@example.com': 'agent',
      'admin@example.com': 'admin',
    };
    for (const [email, role] of Object.entries(expected)) {
      expect((await userByEmail(email)).role, email).toBe(role);
    }
  });

  it('gives owner@ vehicles and wallboxes in both collection states', async () => {
    const products = await t.prisma.product.findMany({
      where: { ownerId: USER_IDS.owner },
      include: { periods: true },
    });
    const vehicles = products.filter((p) => p.productType === 'VEHICLE');
    const wallboxes = products.filter((p) => p.productType === 'WALLBOX');
    expect(vehicles.length).toBeGreaterThanOrEqual(3);
    expect(wallboxes).toHaveLength(2);
    for (const vehicle of vehicles) {
      expect(vehicle.externalId).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vehicle.model && vehicle.brand).toBeTruthy();
    }
    for (const wallbox of wallboxes) expect(wallbox.name).toBeTruthy();
    const enabled = (p: (typeof products)[number]) => p.periods.some((period) => period.disabledAt === null);
    for (const group of [vehicles, wallboxes]) {
      expect(group.some(enabled)).toBe(true);
      expect(group.some((p) => !enabled(p))).toBe(true);
    }
    const open = products.flatMap((p) => p.periods).filter((period) => period.disabledAt === null);
    for (const period of open) {
      const days = (now.getTime() - period.enabledAt.getTime()) / DAY;
      expect(days).toBeGreaterThan(80);
      expect(days).toBeLessThanOrEqual(90);
    }
    const closed = products.find((p) => !enabled(p) && p.periods.length > 0);
    expect(closed?.periods[0]?.disabledAt?.getTime()).toBeLessThan(now.getTime());
  });

  it('gives owner@ an invitation in every status, with products and an audit trail', async () => {
    const invitations = await t.prisma.invitation.findMany({
      where: { ownerId: USER_IDS.owner },
      include: { products: true, events: { orderBy: { at: 'asc' } } },
    });
    expect(new Set(invitations.map((i) => i.status))).toEqual(new Set(ALL_STATUSES));
    for (const inv of invitations) {
      expect(inv.products.length, inv.id).toBeGreaterThan(0);
      expect(inv.events[0]?.type, inv.id).toBe('CREATED');
      expect(inv.agentId === null, inv.id).toBe(!WITH_AGENT.includes(inv.status));
      expect(inv.expiresAt.getTime() - inv.createdAt.getTime()).toBe(14 * DAY);
      expect(inv.statusChangedAt.getTime()).toBeGreaterThanOrEqual(inv.createdAt.getTime());
    }
    const created = invitations.find((i) => i.status === 'CREATED');
    expect(created?.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    const lastType = (status: string) => invitations.find((i) => i.status === status)?.events.at(-1)?.type;
    expect(lastType('ACCEPTED')).toMatch(/ACCEPTED|DATA_DOWNLOADED/);
    expect(lastType('DECLINED')).toBe('DECLINED');
    expect(lastType('REVOKED_AFTER_ACCEPTED')).toBe('REVOKED');
    expect(lastType('PAUSED_BY_ADMIN')).toBe('PAUSED');
  });

  it('stores 80-bit Crockford codes, normalised and unique', async () => {
    const invitations = await t.prisma.invitation.findMany();
    for (const { code } of invitations) expect(normaliseAccessCode(code)).toBe(code);
    expect(new Set(invitations.map((i) => i.code)).size).toBe(invitations.length);
  });

  it('makes fleet@ an active company with connected users in every status', async () => {
    const fleet = await userByEmail('fleet@example.com');
    expect(fleet.agentProfile?.status).toBe('active');
    expect(fleet.agentProfile?.legalName).toBe('Fleet Analytics GmbH');
    const connected = await t.prisma.invitation.findMany({ where: { agentId: fleet.id } });
    expect(new Set(connected.map((i) => i.status))).toEqual(new Set(WITH_AGENT));
    expect(new Set(connected.map((i) => i.ownerId)).size).toBeGreaterThan(1);
  });

  it('covers the other company states', async () => {
    const pending = await userByEmail('pending@example.com');
    expect(pending.agentProfile?.status).toBe('pending');
    expect(pending.agentProfile?.decidedAt).toBeNull();
    expect((await userByEmail('rejected@example.com')).agentProfile?.status).toBe('rejected');
    const newco = await userByEmail('newco@example.com');
    expect(newco.agentProfile).toBeNull();
    expect(newco.agentFiles).toHaveLength(0);
  });

  it('writes the pending registration documents as real PDF and PNG files', async () => {
    const { agentFiles } = await userByEmail('pending@example.com');
    const sections = new Set(agentFiles.map((f) => f.section));
    expect(sections).toEqual(new Set(['REGISTRATION', 'CERTIFICATE', 'SME_CONFIRMATION', 'REPRESENTATIVE']));
    for (const file of agentFiles) {
      const bytes = await readFile(join(t.filesDir, file.storedName));
      expect(bytes.length).toBe(file.size);
      expect(file.submitted).toBe(true);
      if (file.contentType === 'application/pdf') {
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      } else {
        expect(file.contentType).toBe('image/png');
        expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      }
    }
  });

  it('leaves terms@ with a newer user terms version to accept, and nobody else', async () => {
    expect(await pendingTerms('terms@example.com')).toBe('2025-06');
    const others = await t.prisma.user.findMany({ where: { email: { not: 'terms@example.com' } } });
    for (const user of others) expect(await pendingTerms(user.email), user.email).toBeNull();
  });

  it('gives empty@ no products and no invitations', async () => {
    const empty = await userByEmail('empty@example.com');
    expect(await t.prisma.product.count({ where: { ownerId: empty.id } })).toBe(0);
    expect(await t.prisma.invitation.count({ where: { ownerId: empty.id } })).toBe(0);
  });

  it('passes the foreign key check', async () => {
    if (testEngine() === 'postgresql') {
      // PostgreSQL checks every foreign key on insert: the seed went in, so they hold; the constraints exist.
      const keys = await t.prisma.$queryRawUnsafe<{ n: bigint }[]>(
        "SELECT count(*) AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace",
      );
      expect(Number(keys[0]?.n)).toBeGreaterThan(5);
    } else {
      expect(await t.prisma.$queryRawUnsafe('PRAGMA foreign_key_check')).toEqual([]);
    }
  });
});

describe('objects the contract examples name', () => {
  it('gives draft@ three documents of a registration not submitted yet', async () => {
    const draft = await userByEmail('draft@example.com');
    expect(draft.agentProfile).toBeNull();
    expect(draft.agentFiles.map((file) => [file.id, file.section, file.submitted]).sort()).toEqual([
      ['file-draft-1', 'REGISTRATION', false],
      ['file-draft-2', 'REPRESENTATIVE', false],
      ['file-draft-3', 'SME_CONFIRMATION', false],
    ]);
  });

  it("gives second@ finished downloads, with their zips on disk except the expired one's", async () => {
    const jobs = await t.prisma.downloadJob.findMany({
      where: { userId: USER_IDS.second },
      orderBy: { id: 'asc' },
    });
    expect(jobs.map((job) => job.id)).toEqual([
      'job-second-expired',
      'job-second-link-lapsed',
      'job-second-linked',
      'job-second-ready',
    ]);
    expect(jobs.every((job) => job.status === 'COMPLETED')).toBe(true);
    const byId = new Map(jobs.map((job) => [job.id, job]));
    expect(byId.get('job-second-expired')?.filePath).toBeNull();
    expect(byId.get('job-second-ready')?.downloadToken).toBeNull();
    expect(byId.get('job-second-linked')?.tokenExpiresAt?.getTime()).toBeGreaterThan(now.getTime());
    expect(byId.get('job-second-link-lapsed')?.tokenExpiresAt?.getTime()).toBeLessThan(now.getTime());
    for (const id of ['job-second-ready', 'job-second-linked', 'job-second-link-lapsed']) {
      const zip = await readFile(join(t.dir, 'exports', `${id}.zip`));
      expect(zip.subarray(0, 2).toString('latin1'), id).toBe('PK');
    }
  });

  it("gives saferoad@ a live link to an export of owner@'s sharing an admin paused since (409)", async () => {
    const jobs = await t.prisma.downloadJob.findMany({ where: { userId: { not: USER_IDS.second } } });
    expect(jobs.map((job) => [job.id, job.userId, job.type, job.relatedId])).toEqual([
      ['job-saferoad-paused', USER_IDS.saferoad, 'INVITE', 'inv-owner-paused'],
    ]);
    expect(jobs[0]?.tokenExpiresAt?.getTime()).toBeGreaterThan(now.getTime());
  });
});

describe('resetToScenario', () => {
  it('wipes app data and stored uploads, then seeds the same personas again', async () => {
    const owner = await userByEmail('owner@example.com');
    await t.prisma.session.create({
      data: { id: 'sess', userId: owner.id, lastSeenAt: now, expiresAt: now, idleExpiresAt: now },
    });
    const newco = await userByEmail('newco@example.com');
    await writeFile(join(t.filesDir, 'upload-1.pdf'), 'x');
    await t.prisma.agentFile.create({
      data: {
        userId: newco.id,
        section: 'REGISTRATION',
        filename: 'a.pdf',
        storedName: 'upload-1.pdf',
        size: 1,
        contentType: 'application/pdf',
      },
    });
    const before = await t.prisma.invitation.count();

    await resetToScenario(t.prisma, { now, filesDir: t.filesDir });

    expect(await t.prisma.session.count()).toBe(0);
    expect(await t.prisma.agentFile.count({ where: { userId: newco.id } })).toBe(0);
    await expect(readFile(join(t.filesDir, 'upload-1.pdf'))).rejects.toThrow();
    expect(await t.prisma.invitation.count()).toBe(before);
    expect((await userByEmail('owner@example.com')).id).toBe(owner.id);
  });
});
