import { readZip } from '@portal/test-support/zip';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import {
  expectError,
  expectRefusals,
  type Refusal,
  runDownloadJobs,
  signedOut,
  useTestApp,
} from '../../test/app.ts';
import { testEngine } from '../../test/engine.ts';
import { createDownloadJob } from '../services/download-jobs.ts';
import { openExport } from '../services/downloads.ts';
import { createExportStorage } from '../services/export-storage.ts';

// Download jobs of the owner's products, their links and the export download, over HTTP.
const t = useTestApp();

const OWNER = 'owner@example.com';

interface Job {
  id: string;
  relatedId: string | null;
  type: string;
  status: string;
  exportRequest: { vehicles: { id: string }[]; wallboxes: { id: string }[] };
  createdAt: string;
  updatedAt: string;
}

const createOne = async (productId: string, who = OWNER) =>
  (await t.call('POST', `/api/v1/products/${productId}/download`, who)).json() as Job;
const statusOf = async (jobId: string) =>
  (await t.prisma.downloadJob.findUniqueOrThrow({ where: { id: jobId } })).status;
const linkFor = (jobId: string, who = OWNER) =>
  t.call('GET', `/api/v1/products/download/jobs/${jobId}/link`, who);

const runJobs = () => runDownloadJobs(t);

describe('createProductDownload', () => {
  it('creates a PRODUCT job for one enabled product, exposing only product ids', async () => {
    const response = await t.call('POST', '/api/v1/products/prod-veh-1/download', OWNER);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      relatedId: 'prod-veh-1',
      type: 'PRODUCT',
      status: 'CREATED',
      exportRequest: { vehicles: [{ id: 'prod-veh-1' }], wallboxes: [] },
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    });
    const stored = await t.prisma.downloadJob.findUniqueOrThrow({ where: { id: response.json().id } });
    expect(JSON.parse(stored.exportRequest).vehicles[0]).toMatchObject({
      id: 'prod-veh-1',
      includeSensitiveData: true,
    });
  });

  it('answers 409 COLLECTION_DISABLED when collection is off and 404 for a product that is not the caller’s', async () => {
    const off = await t.call('POST', '/api/v1/products/prod-veh-3/download', OWNER);
    expectError(off, 409, 'COLLECTION_DISABLED');
    const foreign = await t.call('POST', '/api/v1/products/prod-veh-4/download', OWNER);
    expectError(foreign, 404, 'PRODUCT_NOT_FOUND');
  });

  it('refuses no session (401) and companies (403)', async () => {
    const company: Refusal = ['fleet@example.com', 403, 'FORBIDDEN'];
    await expectRefusals(t, 'POST', '/api/v1/products/prod-veh-1/download', [signedOut, company]);
  });
});

describe('createProductsDownload', () => {
  it('creates a PRODUCTS job covering every product with collection enabled', async () => {
    const response = await t.call('POST', '/api/v1/products/download', OWNER);
    expect(response.statusCode).toBe(201);
    const job = response.json() as Job;
    expect([job.type, job.relatedId, job.status]).toEqual(['PRODUCTS', null, 'CREATED']);
    expect(job.exportRequest).toEqual({
      vehicles: [{ id: 'prod-veh-1' }, { id: 'prod-veh-2' }],
      wallboxes: [{ id: 'prod-wb-1' }],
    });
  });

  it('answers 409 NO_PRODUCTS_ENABLED when nothing is collecting, 401 without a session, 403 for companies', async () => {
    await expectRefusals(t, 'POST', '/api/v1/products/download', [
      ['empty@example.com', 409, 'NO_PRODUCTS_ENABLED'],
      signedOut,
      ['fleet@example.com', 403, 'FORBIDDEN'],
    ]);
  });
});

describe('listDownloadJobs', () => {
  it("lists the caller's jobs newest first and nobody else's", async () => {
    t.clock.advance(1_000);
    const newest = await createOne('prod-wb-1');
    const owner = (await t.call('GET', '/api/v1/products/download/jobs', OWNER)).json() as Job[];
    expect(owner[0]?.id).toBe(newest.id);
    const times = owner.map((job) => job.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await t.prisma.downloadJob.count({ where: { user: { email: OWNER } } });
    expect(owner).toHaveLength(mine);

    // second@ sees only the downloads seeded for it, none of owner@'s.
    const second = (
      await t.call('GET', '/api/v1/products/download/jobs', 'second@example.com')
    ).json() as Job[];
    expect(second.map((job) => job.id).sort()).toEqual([
      'job-second-expired',
      'job-second-link-lapsed',
      'job-second-linked',
      'job-second-ready',
    ]);
    const agent = await t.call('GET', '/api/v1/products/download/jobs', 'fleet@example.com');
    expect([agent.statusCode, agent.json()]).toEqual([200, []]);
  });

  it('answers at most the 50 newest jobs', async () => {
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: 'second@example.com' } });
    for (let i = 0; i < 55; i += 1) {
      await createDownloadJob(
        {
          prisma: t.prisma,
          config: { exportsPerUser: 100 },
          clock: { ...t.clock, now: () => new Date(t.clock.now().getTime() - i * 60_000) },
        },
        { userId: user.id, type: 'PRODUCT', relatedId: 'prod-veh-4', products: [] },
      );
    }
    const jobs = (
      await t.call('GET', '/api/v1/products/download/jobs', 'second@example.com')
    ).json() as Job[];
    expect(jobs).toHaveLength(50);
    expect(jobs[0]?.createdAt).toBe(t.clock.now().toISOString());
    await t.prisma.downloadJob.deleteMany({ where: { userId: user.id } });
  });

  it('refuses no session (401) and admins (403)', async () => {
    const admin: Refusal = ['admin@example.com', 403, 'FORBIDDEN'];
    await expectRefusals(t, 'GET', '/api/v1/products/download/jobs', [signedOut, admin]);
  });
});

describe('getDownloadLink and downloadExport', () => {
  it('moves a job CREATED → RUNNING → COMPLETED on the simulation clock', async () => {
    const job = await createOne('prod-wb-1');
    // CREATED for 2 s, then RUNNING for at least 5 s.
    const steps = [
      [1_999, 'CREATED'],
      [1, 'RUNNING'],
      [4_999, 'RUNNING'],
      [1, 'COMPLETED'],
    ] as const;
    for (const [ms, status] of steps) {
      t.clock.advance(ms);
      await t.app.portal.jobs.tick();
      expect(await statusOf(job.id), `${ms} ms later`).toBe(status);
    }
    const listed = (await t.call('GET', '/api/v1/products/download/jobs', OWNER)).json() as Job[];
    expect(listed.find((entry) => entry.id === job.id)?.status).toBe('COMPLETED');
  });

  it('answers 409 JOB_NOT_READY until the job is completed', async () => {
    const job = await createOne('prod-wb-1');
    const created = await linkFor(job.id);
    expectError(created, 409, 'JOB_NOT_READY');
    t.clock.advance(2_000);
    await t.app.portal.jobs.tick();
    const running = await linkFor(job.id);
    expectError(running, 409, 'JOB_NOT_READY');
  });

  it('gives the owner of a completed job a link that downloads the zip with its data', async () => {
    const job = await createOne('prod-veh-1');
    await runJobs();
    const response = await linkFor(job.id);
    expect(response.statusCode).toBe(200);
    const { link } = response.json() as { link: string };
    expect(link).toMatch(/^\/api\/v1\/exports\/[A-Za-z0-9_-]{43}$/);

    const download = await t.call('GET', link, OWNER);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(parse(String(download.headers['content-disposition']))).toEqual({
      type: 'attachment',
      parameters: { filename: `data-export-${job.createdAt.slice(0, 10)}-${job.id}.zip` },
    });
    expect(download.headers['cache-control']).toBe('no-store');
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    // Downloaded once, the export is answered at once on SQLite: no promise (decision 0150).
    const owner = await t.prisma.user.findUniqueOrThrow({ where: { email: OWNER } });
    const opened = openExport(
      { reads: t.reads, clock: t.clock } as never,
      createExportStorage(t),
      owner.id,
      link.split('/').pop() ?? '',
    );
    if (testEngine() === 'sqlite') expect(opened).not.toBeInstanceOf(Promise);
    const { file } = await opened;
    expect(file.size).toBe(download.rawPayload.length);
    if (!Buffer.isBuffer(file.body)) file.body.destroy();

    const entries = await readZip(download.rawPayload);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['manifest.json', 'data-dictionary.csv', 'data-dictionary.json']),
    );
    const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '{}');
    expect(manifest.requestedBy).toBe(OWNER);
    expect(manifest.products).toHaveLength(1);
    const product = manifest.products[0];
    expect([product.id, product.personalDataIncluded]).toEqual(['prod-veh-1', true]);
    expect(product.records).toBeGreaterThan(0);
    // Only data of the collection periods, and nothing after the job was created.
    expect(product.timeWindows.at(-1).to).toBe(job.createdAt);
    const csv = entries.get(`${product.folder}data.csv`)?.toString('utf8') ?? '';
    const header = csv.split('\r\n')[0]?.split(',') ?? [];
    expect(header).toEqual(expect.arrayContaining(['timestamp', 'latitude', 'longitude']));
    const firstRow = csv.split('\r\n')[1]?.split(',') ?? [];
    expect(Number(firstRow[header.indexOf('latitude')])).not.toBeNaN();
  });

  it('keeps links and exports to their owner: 404 for another user, a company, an unknown token', async () => {
    const job = await createOne('prod-wb-1');
    await runJobs();
    await expectRefusals(t, 'GET', `/api/v1/products/download/jobs/${job.id}/link`, [
      ['second@example.com', 404, 'JOB_NOT_FOUND'],
      ['fleet@example.com', 404, 'JOB_NOT_FOUND'],
      ['admin@example.com', 403, 'FORBIDDEN'],
      signedOut,
    ]);
    expectError(await linkFor('no-such-job'), 404, 'JOB_NOT_FOUND');

    const { link } = (await linkFor(job.id)).json() as { link: string };
    const notFound = (who: string): Refusal => [who, 404, 'NOT_FOUND'];
    const others = ['second@example.com', 'fleet@example.com', 'admin@example.com'].map(notFound);
    await expectRefusals(t, 'GET', link, [...others, signedOut]);
    const unknown = await t.call('GET', `/api/v1/exports/${'x'.repeat(43)}`, OWNER);
    expectError(unknown, 404, 'NOT_FOUND');
    const malformed = await t.call('GET', '/api/v1/exports/short', OWNER);
    expectError(malformed, 400, 'VALIDATION_FAILED');
  });

  it('answers 410 EXPORT_EXPIRED for a link older than 10 minutes; a new link works again', async () => {
    const job = await createOne('prod-wb-1');
    await runJobs();
    const { link } = (await linkFor(job.id)).json() as { link: string };
    t.clock.advance(10 * 60 * 1000);
    const expired = await t.call('GET', link, OWNER);
    expectError(expired, 410, 'EXPORT_EXPIRED');
    const fresh = (await linkFor(job.id)).json() as { link: string };
    expect(fresh.link).not.toBe(link);
    expect((await t.call('GET', fresh.link, OWNER)).statusCode).toBe(200);
    // Only the newest link works.
    expect((await t.call('GET', link, OWNER)).statusCode).toBe(404);
  });

  it('deletes exports after 7 days; their link then answers 410 EXPORT_EXPIRED', async () => {
    const job = await createOne('prod-wb-1');
    await runJobs();
    const stored = await t.prisma.downloadJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(await t.app.portal.jobs.storage.size(stored.filePath ?? '')).toBeGreaterThan(0);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1);
    await t.app.portal.jobs.tick();
    expect(await t.app.portal.jobs.storage.size(stored.filePath ?? '')).toBeNull();
    const response = await linkFor(job.id);
    expectError(response, 410, 'EXPORT_EXPIRED');
  });
});
