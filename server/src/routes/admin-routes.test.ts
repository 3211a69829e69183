import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { codeOf, expectError, useTestApp } from '../../test/app.ts';
import { testEngine } from '../../test/engine.ts';

// Admin: company applications and their documents, and suspending sharings.
const t = useTestApp();

const admin = 'admin@example.com';

describe('applications', () => {
  it('lists applications with registration details and documents, filtered by status', async () => {
    const all = (await t.call('GET', '/api/v1/admin/applications', admin)).json() as {
      id: string;
      status: string;
    }[];
    expect(all.map((application) => application.id)).toEqual(
      expect.arrayContaining(['agent-fleet', 'agent-pending', 'agent-rejected']),
    );
    const pending = (await t.call('GET', '/api/v1/admin/applications?status=pending', admin)).json();
    // Newest first: Voltaic Research, then Northwind Telematics (the application the examples reject).
    expect(pending.map((application: { id: string }) => application.id)).toEqual([
      'agent-pending',
      'agent-review',
    ]);
    expect(pending[0]).toMatchObject({
      id: 'agent-pending',
      email: 'pending@example.com',
      decidedAt: null,
      registration: { displayName: 'Voltaic Research', site: null },
    });
    expect(pending[0].files.map((file: { id: string }) => file.id).sort()).toEqual([
      'file-pending-1',
      'file-pending-2',
      'file-pending-3',
      'file-pending-4',
    ]);
    expect(codeOf(await t.call('GET', '/api/v1/admin/applications?status=unknown', admin))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('streams a document as an attachment with its own type', async () => {
    const response = await t.call('GET', '/api/v1/admin/files/file-pending-4', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(parse(String(response.headers['content-disposition']))).toEqual({
      type: 'attachment',
      parameters: { filename: 'representative-id.png' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const row = await t.prisma.agentFile.findUniqueOrThrow({ where: { id: 'file-pending-4' } });
    const onDisk = await readFile(path.join(t.config.dataDir, 'agent-files', row.storedName));
    expect(response.rawPayload).toEqual(onDisk);
    const missing = await t.call('GET', '/api/v1/admin/files/nope', admin);
    expectError(missing, 404, 'FILE_NOT_FOUND');
  });

  it.each([
    ['non-ASCII', 'Überweisung – 日本語の書類.png', true],
    ['quotes, semicolons and a backslash', 'a "b"; filename=evil.exe\\c.png', false],
    // PostgreSQL's text holds every character but NUL: there the lowest control character stands in.
    [
      'line breaks and control characters',
      `x\r\nSet-Cookie: a=b\t${testEngine() === 'postgresql' ? '\u0001' : '\u0000'}.png`,
      true,
    ],
    ['percent signs', '100% %41%0D%0A.png', true],
  ])('names a document with %s exactly, in one header line (RFC 6266)', async (_kind, filename, extended) => {
    const where = { id: 'file-pending-4' };
    const { filename: seeded } = await t.prisma.agentFile.findUniqueOrThrow({ where });
    await t.prisma.agentFile.update({ where, data: { filename } });
    const response = await t.call('GET', '/api/v1/admin/files/file-pending-4', admin);
    await t.prisma.agentFile.update({ where, data: { filename: seeded } });
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['content-disposition']);
    // Printable ASCII only: no line break can end the header and start another.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const parsed = parse(header);
    expect(parsed.type).toBe('attachment');
    // The exact name: quoted when it can be, else for clients of RFC 8187 (`filename*`) beside an ASCII stand-in.
    expect(parsed.parameters.filename).toBe(filename);
    expect(header.includes(`filename*=UTF-8''`)).toBe(extended);
  });

  it('reads control characters in a search as word breaks, on both engines (PostgreSQL holds no U+0000)', async () => {
    const found = await t.call('GET', '/api/v1/admin/applications?q=Voltaic%00Research', admin);
    expect(found.statusCode).toBe(200);
    expect((found.json() as { id: string }[]).map((a) => a.id)).toContain('agent-pending');
    for (const url of ['/api/v1/admin/applications?q=%00', '/api/v1/admin/sharings?q=%00%01']) {
      const none = await t.call('GET', url, admin);
      expect([none.statusCode, none.json()]).toEqual([200, []]);
    }
  });

  it('approves and rejects pending applications only', async () => {
    const approved = await t.call('PUT', '/api/v1/admin/applications/agent-pending/approve', admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: 'agent-pending',
      status: 'active',
      decidedAt: t.clock.now().toISOString(),
    });
    // The decision answers the application as the admin's list now shows it, documents and all.
    const listed = (await t.call('GET', '/api/v1/admin/applications', admin)).json() as { id: string }[];
    expect(approved.json()).toEqual(listed.find((application) => application.id === 'agent-pending'));
    expect(approved.json().files.length).toBeGreaterThan(0);
    const status = await t.call('GET', '/api/v1/agents', 'pending@example.com');
    expect(status.json()).toEqual({ status: 'active' });
    const again = await t.call('PUT', '/api/v1/admin/applications/agent-pending/reject', admin);
    expectError(again, 409, 'INVALID_APPLICATION_STATE');
    const missing = await t.call('PUT', '/api/v1/admin/applications/nope/approve', admin);
    expectError(missing, 404, 'APPLICATION_NOT_FOUND');
    await t.prisma.agentProfile.update({
      where: { id: 'agent-pending' },
      data: { status: 'pending', decidedAt: null },
    });
    const rejected = await t.call('PUT', '/api/v1/admin/applications/agent-pending/reject', admin);
    expect(rejected.json().status).toBe('rejected');
  });

  it('is for admins only', async () => {
    for (const who of ['owner@example.com', 'fleet@example.com']) {
      expect(codeOf(await t.call('GET', '/api/v1/admin/applications', who))).toBe('FORBIDDEN');
      expect(codeOf(await t.call('GET', '/api/v1/admin/files/file-fleet-1', who))).toBe('FORBIDDEN');
      expect(codeOf(await t.call('PUT', '/api/v1/admin/applications/agent-rejected/approve', who))).toBe(
        'FORBIDDEN',
      );
    }
    expect((await t.call('GET', '/api/v1/admin/files/file-fleet-1')).statusCode).toBe(401);
  });
});

describe('sharings', () => {
  it('lists every redeemed invitation with both parties and its product count', async () => {
    const sharings = (await t.call('GET', '/api/v1/admin/sharings', admin)).json() as { id: string }[];
    const ids = sharings.map((sharing) => sharing.id);
    expect(ids).toContain('inv-owner-accepted');
    expect(ids).not.toContain('inv-owner-created');
    expect(sharings.find((sharing) => sharing.id === 'inv-owner-accepted')).toMatchObject({
      status: 'ACCEPTED',
      ownerEmail: 'owner@example.com',
      ownerName: 'Olivia Owner',
      agentName: 'Fleet Analytics',
      agentEmail: 'fleet@example.com',
      productCount: 3,
    });
  });

  it('suspends and resumes an accepted sharing, recorded in the audit trail', async () => {
    const suspended = await t.call('PUT', '/api/v1/admin/sharings/inv-second-accepted/suspend', admin);
    expect(suspended.json().status).toBe('PAUSED_BY_ADMIN');
    const download = await t.call(
      'POST',
      '/api/v1/agents/invites/inv-second-accepted/download',
      'fleet@example.com',
    );
    expectError(download, 409, 'SHARING_SUSPENDED');
    const twice = await t.call('PUT', '/api/v1/admin/sharings/inv-second-accepted/suspend', admin);
    expectError(twice, 409, 'INVALID_SHARING_STATE');
    const resumed = await t.call('PUT', '/api/v1/admin/sharings/inv-second-accepted/resume', admin);
    expect(resumed.json().status).toBe('ACCEPTED');
    const events = await t.prisma.sharingEvent.findMany({
      where: { invitationId: 'inv-second-accepted', type: { in: ['PAUSED', 'RESUMED'] } },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
    });
    expect(events.map((event) => [event.type, event.actorRole, event.actorId])).toEqual([
      ['PAUSED', 'admin', 'user-admin'],
      ['RESUMED', 'admin', 'user-admin'],
    ]);
  });

  it('answers INVALID_SHARING_STATE and SHARING_NOT_FOUND', async () => {
    const resume = await t.call('PUT', '/api/v1/admin/sharings/inv-owner-claimed/resume', admin);
    expectError(resume, 409, 'INVALID_SHARING_STATE');
    const unclaimed = await t.call('PUT', '/api/v1/admin/sharings/inv-owner-created/suspend', admin);
    expectError(unclaimed, 404, 'SHARING_NOT_FOUND');
    expect(codeOf(await t.call('PUT', '/api/v1/admin/sharings/nope/suspend', admin))).toBe(
      'SHARING_NOT_FOUND',
    );
    expect(
      codeOf(await t.call('PUT', '/api/v1/admin/sharings/inv-owner-accepted/suspend', 'owner@example.com')),
    ).toBe('FORBIDDEN');
    expect(codeOf(await t.call('GET', '/api/v1/admin/sharings', 'fleet@example.com'))).toBe('FORBIDDEN');
  });
});
