import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readZip } from '@portal/test-support/zip';
import { describe, expect, it } from 'vitest';
import { as, createTestApp, expectError, type TestApp, useTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { createPrisma } from '../db/client.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
import { JOB_FAULT_OPERATION_ID } from '../simulator/faults.ts';
import { createDownloadJob } from './download-jobs.ts';

// The job runner: progress on the simulation clock, failures, restarts, per-product personal data.
const t = useTestApp();

const OWNER = 'owner@example.com';
const jobOf = (id: string) => t.prisma.downloadJob.findUniqueOrThrow({ where: { id } });

async function runJobs(app: TestApp['app'] = t.app): Promise<void> {
  t.clock.advance(2_000);
  await app.portal.jobs.tick();
  t.clock.advance(5_000);
  await app.portal.jobs.tick();
}

async function download(jobId: string, who: string): Promise<Map<string, Buffer>> {
  const link = await t.call('GET', `/api/v1/products/download/jobs/${jobId}/link`, who);
  expect(link.statusCode).toBe(200);
  const zip = await t.call('GET', link.json().link, who);
  expect(zip.statusCode).toBe(200);
  return readZip(zip.rawPayload);
}

const manifestOf = (entries: Map<string, Buffer>) =>
  JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '{}');
const csvHeader = (entries: Map<string, Buffer>, folder: string) =>
  entries.get(`${folder}data.csv`)?.toString('utf8').split('\r\n')[0]?.split(',') ?? [];

describe('job-level failure hook', () => {
  it('fails the next finishing job with a reason when a downloadJob fault is armed, once per count', async () => {
    await t.prisma.fault.create({
      data: { operationId: JOB_FAULT_OPERATION_ID, remaining: 1, code: 'INTERNAL_ERROR' },
    });
    const first = await t.call('POST', '/api/v1/products/prod-wb-1/download', OWNER);
    await runJobs();
    const failed = await jobOf(first.json().id);
    expect([failed.status, failed.failureReason, failed.filePath]).toEqual([
      'FAILED',
      'Simulated failure (INTERNAL_ERROR).',
      null,
    ]);
    expect(
      (await t.prisma.fault.findFirstOrThrow({ where: { operationId: JOB_FAULT_OPERATION_ID } })).remaining,
    ).toBe(0);
    const link = await t.call('GET', `/api/v1/products/download/jobs/${failed.id}/link`, OWNER);
    expectError(link, 409, 'JOB_NOT_READY');

    const second = await t.call('POST', '/api/v1/products/prod-wb-1/download', OWNER);
    await runJobs();
    expect((await jobOf(second.json().id)).status).toBe('COMPLETED');
  });
});

describe('export snapshot', () => {
  it('exports the periods as they stood at job creation, even if collection is turned off meanwhile', async () => {
    const created = await t.call('POST', '/api/v1/products/prod-wb-1/download', OWNER);
    const job = created.json() as { id: string; createdAt: string };
    const toggle = t.call('POST', '/api/v1/products/prod-wb-1/collect/DISABLE', OWNER);
    while (
      !(await t.prisma.collectionChange.findFirst({ where: { productId: 'prod-wb-1', completedAt: null } }))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    t.clock.advance(3_000);
    expect((await toggle).json().dataCollectionEnabled).toBe(false);
    await runJobs();
    const manifest = manifestOf(await download(job.id, OWNER));
    expect(manifest.products[0].timeWindows.at(-1).to).toBe(job.createdAt);
  });
});

describe('INVITE jobs (used by the company side)', () => {
  it('honours personal data per product, calls the completion hooks, and follows the sharing state', async () => {
    const [owner, fleet] = await Promise.all([
      t.prisma.user.findUniqueOrThrow({ where: { email: OWNER } }),
      t.prisma.user.findUniqueOrThrow({ where: { email: 'fleet@example.com' } }),
    ]);
    const now = t.clock.now();
    const invitation = await t.prisma.invitation.create({
      data: {
        ownerId: owner.id,
        agentId: fleet.id,
        code: 'JOBTESTCODE00001',
        status: 'ACCEPTED',
        createdAt: now,
        statusChangedAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      },
    });
    const completed: DownloadJob[] = [];
    t.app.portal.jobs.onCompleted(async (job) => {
      completed.push(job);
    });
    const job = await createDownloadJob(
      { prisma: t.prisma, clock: t.clock, config: t.config },
      {
        userId: fleet.id,
        type: 'INVITE',
        relatedId: invitation.id,
        products: [
          { id: 'prod-veh-1', productType: 'VEHICLE', includeSensitiveData: false },
          { id: 'prod-wb-2', productType: 'WALLBOX', includeSensitiveData: true },
        ],
      },
    );
    await runJobs();
    expect(completed.map((entry) => [entry.id, entry.status])).toEqual([[job.id, 'COMPLETED']]);

    const entries = await download(job.id, 'fleet@example.com');
    const manifest = manifestOf(entries);
    expect(manifest.requestedBy).toBe('fleet@example.com');
    const [vehicle, wallbox] = manifest.products;
    expect([vehicle.id, vehicle.personalDataIncluded]).toEqual(['prod-veh-1', false]);
    expect(vehicle.omittedFields).toEqual(expect.arrayContaining(['latitude', 'longitude']));
    expect(csvHeader(entries, vehicle.folder)).not.toContain('latitude');
    expect(csvHeader(entries, vehicle.folder)).toContain('odometer_km');
    // A product never collected is listed with an explicit note and no records.
    expect([wallbox.id, wallbox.records, wallbox.personalDataIncluded]).toEqual(['prod-wb-2', 0, true]);
    expect(wallbox.note).toMatch(/not enabled/);

    const linkUrl = `/api/v1/products/download/jobs/${job.id}/link`;
    const { link } = (await t.call('GET', linkUrl, 'fleet@example.com')).json();
    const ownerView = await t.call('GET', linkUrl, OWNER);
    expectError(ownerView, 404, 'JOB_NOT_FOUND');

    await t.prisma.invitation.update({ where: { id: invitation.id }, data: { status: 'PAUSED_BY_ADMIN' } });
    for (const url of [linkUrl, link]) {
      const paused = await t.call('GET', url, 'fleet@example.com');
      expectError(paused, 409, 'SHARING_SUSPENDED');
    }
    await t.prisma.invitation.update({
      where: { id: invitation.id },
      data: { status: 'REVOKED_AFTER_ACCEPTED' },
    });
    for (const url of [linkUrl, link]) {
      const revoked = await t.call('GET', url, 'fleet@example.com');
      expectError(revoked, 409, 'INVALID_INVITATION_STATE');
    }
  });
});

describe('export errors', () => {
  it('marks the job FAILED with a generic reason when the export cannot be written', async () => {
    const exportsDir = t.app.portal.jobs.storage.directory;
    await rm(exportsDir, { recursive: true, force: true });
    await writeFile(exportsDir, 'not a folder');
    try {
      const created = await t.call('POST', '/api/v1/products/prod-veh-2/download', OWNER);
      await runJobs();
      const job = await jobOf(created.json().id);
      expect([job.status, job.failureReason]).toEqual(['FAILED', 'The export could not be created.']);
    } finally {
      await rm(exportsDir, { force: true });
    }
  });
});

describe('restart', () => {
  it('completes a job that was RUNNING when the server stopped, after cleaning half-written files', async () => {
    const first = await createTestApp();
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    const prisma = createPrisma(first.databaseUrl);
    try {
      const created = await first.call('POST', '/api/v1/products/prod-wb-1/download', OWNER);
      const jobId = created.json().id as string;
      first.clock.advance(2_000);
      await first.app.portal.jobs.tick();
      expect((await first.prisma.downloadJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe(
        'RUNNING',
      );
      await first.app.close();

      // What a crash mid-write leaves behind.
      const storage = first.app.portal.jobs.storage;
      await storage.ensureDirectory();
      const leftover = path.join(
        storage.directory,
        `${storage.fileNameFor(jobId, 'abcdefABCDEF')}.tmp-0123456789abcdef`,
      );
      await writeFile(leftover, 'half a zip');

      second = await buildApp({ config: first.config, prisma, clock: first.clock, wallClock: first.clock });
      await second.ready();
      expect(existsSync(leftover)).toBe(false);
      first.clock.advance(5_000);
      await second.portal.jobs.tick();
      const job = await prisma.downloadJob.findUniqueOrThrow({ where: { id: jobId } });
      expect(job.status).toBe('COMPLETED');
      const link = await second.inject({
        method: 'GET',
        url: `/api/v1/products/download/jobs/${jobId}/link`,
        headers: as(OWNER),
      });
      const zip = await second.inject({ method: 'GET', url: link.json().link, headers: as(OWNER) });
      expect(zip.statusCode).toBe(200);
      expect(manifestOf(await readZip(zip.rawPayload)).products[0].id).toBe('prod-wb-1');
    } finally {
      await second?.close();
      await prisma.$disconnect();
      await first.close();
    }
  });
});
