import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { multipartBody } from '@portal/test-support/multipart';
import { describe, expect, it } from 'vitest';
import { as, codeOf, type HttpResponse, useTestApp } from '../../test/app.ts';
import { expectInContract } from '../../test/in-contract.ts';
import { holdLock } from '../db/locks.ts';
import { KEPT_IN_ROW_BYTES, MAX_FILES_PER_SECTION } from '../services/agent-files.ts';
import { makePdf } from '../simulator/scenarios/demo-files.ts';

// Writes that check before they write (a limit, a state) hold when the same call arrives several
// times at once — on PostgreSQL too, where several connections and instances run them side by side —
// and a database too busy to run a write in time answers 503 with Retry-After, having written nothing.
const t = useTestApp();
const OWNER = 'owner@example.com';
const COMPANY = 'newco@example.com';

const toggle = (id: string, action: 'ENABLE' | 'DISABLE') =>
  t.call('POST', `/api/v1/products/${id}/collect/${action}`, OWNER);
const pendingChanges = (productId: string) =>
  t.prisma.collectionChange.count({ where: { productId, completedAt: null } });

/** Waits until `done()` holds (or about 10 s have passed: the assertions after it then say what is wrong). */
async function waitUntil(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await done()); i += 1) await sleep(20);
}

describe('the same write several times at once', () => {
  it('starts one collection change of a product; the others are told one is in progress', async () => {
    const answers: HttpResponse[] = [];
    const calls = Array.from({ length: 6 }, () =>
      toggle('prod-veh-3', 'ENABLE').then((a) => answers.push(a)),
    );
    // The refused calls answer at once; the accepted one waits for its change to complete.
    await waitUntil(() => answers.length >= 5);
    t.clock.advance(3_000);
    await Promise.all(calls);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(codeOf(answer)).toBe('COLLECTION_UNCHANGED');
      expectInContract(answer, 'setProductCollection', 'POST');
    }
    expect(await t.prisma.collectionChange.count({ where: { productId: 'prod-veh-3' } })).toBe(1);
  });

  it(`stores at most ${MAX_FILES_PER_SECTION} documents in a section when uploads race`, async () => {
    const filesDir = path.join(t.config.dataDir, 'agent-files');
    const before = await readdir(filesDir);
    const uploads = Array.from({ length: 2 * MAX_FILES_PER_SECTION }, async (_, i) => {
      // Larger than a row keeps (decision 0164): each is a file, and a refused one's must go again.
      const content = Buffer.concat([makePdf([`Extract ${i}`]), Buffer.alloc(KEPT_IN_ROW_BYTES)]);
      const body = await multipartBody([{ name: `extract-${i}.pdf`, content }]);
      return t.call(
        'POST',
        '/api/v1/agents/files/upload/section/REGISTRATION',
        { ...as(COMPANY), ...body.headers },
        body.payload,
      );
    });
    const answers = await Promise.all(uploads);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_FILES_PER_SECTION);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => [a.statusCode, codeOf(a)])).toEqual(refused.map(() => [400, 'TOO_MANY_FILES']));
    const rows = await t.prisma.agentFile.findMany({
      where: { user: { email: COMPANY }, section: 'REGISTRATION' },
    });
    expect(rows).toHaveLength(MAX_FILES_PER_SECTION);
    // The refused uploads' files were removed again: the stored rows' files are the only new ones.
    const added = (await readdir(filesDir)).filter((name) => !before.includes(name));
    expect(added.sort()).toEqual(rows.map((row) => row.storedName).sort());
  });
});

describe('the same decision several times at once', () => {
  /** A new company with one unsubmitted document in each section a large company needs. */
  async function draftCompany(name: string) {
    const user = await t.prisma.user.create({
      data: { email: `${name}@example.com`, fullName: name, role: 'agent' },
    });
    const fileIds: string[] = [];
    for (const section of ['REGISTRATION', 'REPRESENTATIVE']) {
      const file = await t.prisma.agentFile.create({
        data: {
          userId: user.id,
          section,
          filename: `${section.toLowerCase()}.pdf`,
          storedName: `race-${user.id}-${section}`,
          size: 10,
          contentType: 'application/pdf',
        },
      });
      fileIds.push(file.id);
    }
    return { email: user.email, userId: user.id, fileIds };
  }
  const registration = (fileIds: string[]) => ({
    legalName: 'Race Mobility S.A.',
    displayName: 'Race Mobility',
    vatNumber: '123456789',
    country: 'GR',
    site: 'https://race.example.com',
    type: 'large',
    sanction: false,
    gatekeeper: false,
    representative: { title: 'ms', firstname: 'Eleni', surname: 'Nikolaou' },
    fileIds,
  });

  it('submits a registration once; the others are told it exists', async () => {
    const company = await draftCompany('race-submit');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call('POST', '/api/v1/agents', company.email, registration(company.fileIds)),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(codeOf(answer)).toBe('REGISTRATION_EXISTS');
      expectInContract(answer, 'submitAgentRegistration', 'POST');
    }
    expect(await t.prisma.agentProfile.count({ where: { userId: company.userId } })).toBe(1);
    const files = await t.prisma.agentFile.findMany({ where: { userId: company.userId } });
    expect(files.map((file) => file.submitted)).toEqual([true, true]);
  });

  it('deletes a document once; the others find it gone', async () => {
    const company = await draftCompany('race-delete');
    const [fileId] = company.fileIds;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call('DELETE', `/api/v1/agents/file/${fileId}`, company.email)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404, 404, 404]);
    for (const answer of answers.filter((a) => a.statusCode === 404)) {
      expect(codeOf(answer)).toBe('FILE_NOT_FOUND');
    }
    expect(await t.prisma.agentFile.count({ where: { userId: company.userId } })).toBe(1);
  });

  it('decides an application once: approve and reject at once, one wins', async () => {
    const company = await draftCompany('race-decide');
    expect(
      (await t.call('POST', '/api/v1/agents', company.email, registration(company.fileIds))).statusCode,
    ).toBe(201);
    const profile = await t.prisma.agentProfile.findUniqueOrThrow({ where: { userId: company.userId } });
    const decisions = ['approve', 'reject', 'approve', 'reject'];
    const answers = await Promise.all(
      decisions.map((decision) =>
        t.call('PUT', `/api/v1/admin/applications/${profile.id}/${decision}`, 'admin@example.com'),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect([answer.statusCode, codeOf(answer)]).toEqual([409, 'INVALID_APPLICATION_STATE']);
    }
    const stored = await t.prisma.agentProfile.findUniqueOrThrow({ where: { id: profile.id } });
    expect(won[0]?.json().status).toBe(stored.status);
  });
});

describe('a database too busy to run a write in time', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After in the envelope, and writes nothing', async () => {
    // Another transaction holds what the toggle must lock (SQLite: the one write transaction at a time;
    // PostgreSQL: the product's lock) for longer than a write waits.
    let release = () => {};
    let taken = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const holding = t.prisma.$transaction(
      async (tx) => {
        await holdLock(tx, 'collection:prod-wb-2');
        taken();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      { timeout: 30_000 },
    );
    await lockTaken;
    const answer = await toggle('prod-wb-2', 'ENABLE');
    release();
    await holding;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({
      errors: [
        {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is unavailable for a moment. Please try again in a few seconds.',
        },
      ],
    });
    expectInContract(answer, 'setProductCollection', 'POST');
    expect(await pendingChanges('prod-wb-2')).toBe(0);
    // Once the other transaction is done, the same call goes through.
    const again = toggle('prod-wb-2', 'ENABLE');
    await waitUntil(async () => (await pendingChanges('prod-wb-2')) === 1);
    t.clock.advance(3_000);
    expect((await again).statusCode).toBe(200);
  }, 30_000);
});
