import { readZipText } from '@portal/test-support/zip';
import { describe, expect, it } from 'vitest';
import { as, codeOf, createTestApp, expectError, runDownloadJobs, useTestApp } from '../../test/app.ts';
import { testEngine } from '../../test/engine.ts';
import { type LaneWriter, type WriteLane, writeLane } from '../db/sqlite-write-lane.ts';

// A company's export of a connected user's data, and the limit on code redemption.
const t = useTestApp({ env: { REDEEM_RATE_LIMIT_MAX: '1000' } });

const fleet = as('fleet@example.com');
const startDownload = (invitationId: string, who = 'fleet@example.com') =>
  t.call('POST', `/api/v1/agents/invites/${invitationId}/download`, who);

/** Shares products without personal data with fleet@ and has the owner accept: an ACCEPTED sharing. */
async function acceptedSharing(): Promise<string> {
  const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
    { productId: 'prod-veh-1', includeSensitiveData: false },
    { productId: 'prod-wb-1', includeSensitiveData: false },
  ]);
  const redeemed = await t.call('PUT', `/api/v1/invitations/redeem/${created.json().code}`, fleet);
  const id = redeemed.json().invitationId as string;
  await t.call('PUT', `/api/v1/invitations/${id}/redeem/accept`, 'owner@example.com');
  return id;
}

const runJobs = () => runDownloadJobs(t);

describe('createInvitationDownload', () => {
  it('exports only the shared products, without personal fields, and records the download', async () => {
    const id = await acceptedSharing();
    t.clock.advance(60 * 60 * 1000);
    const response = await startDownload(id);
    expect(response.statusCode).toBe(201);
    const job = response.json();
    expect(job).toMatchObject({ type: 'INVITE', relatedId: id, status: 'CREATED' });
    expect(job.exportRequest).toEqual({ vehicles: [{ id: 'prod-veh-1' }], wallboxes: [{ id: 'prod-wb-1' }] });

    await runJobs();
    const link = await t.call('GET', `/api/v1/products/download/jobs/${job.id}/link`, fleet);
    expect(link.statusCode).toBe(200);
    const zip = await t.call('GET', link.json().link, fleet);
    expect(zip.statusCode).toBe(200);
    const entries = await readZipText(zip.rawPayload);
    const data = [...entries].filter(([name]) => name !== 'manifest.json');
    expect(data.length).toBeGreaterThan(2);
    for (const [name, content] of data) {
      for (const personal of ['latitude', 'longitude', 'card_id'])
        expect(content, name).not.toContain(personal);
    }
    const manifest = JSON.parse(entries.get('manifest.json') ?? '{}') as {
      products: { id: string; personalDataIncluded: boolean }[];
    };
    expect(manifest.products.map((p) => [p.id, p.personalDataIncluded]).sort()).toEqual([
      ['prod-veh-1', false],
      ['prod-wb-1', false],
    ]);
    const events = await t.prisma.sharingEvent.findMany({
      where: { invitationId: id },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
    });
    expect(events.at(-1)).toMatchObject({
      type: 'DATA_DOWNLOADED',
      actorRole: 'agent',
      actorId: 'user-fleet',
    });
  });

  it('keeps personal data where the user allowed it, per product', async () => {
    const response = await startDownload('inv-owner-accepted');
    const job = await t.prisma.downloadJob.findUniqueOrThrow({ where: { id: response.json().id } });
    const snapshot = JSON.parse(job.exportRequest) as {
      vehicles: { id: string; includeSensitiveData: boolean }[];
    };
    expect(snapshot.vehicles.map((v) => [v.id, v.includeSensitiveData]).sort()).toEqual([
      ['prod-veh-1', true],
      ['prod-veh-3', false],
    ]);
    await runJobs();
    const link = await t.call('GET', `/api/v1/products/download/jobs/${job.id}/link`, fleet);
    const entries = await readZipText((await t.call('GET', link.json().link, fleet)).rawPayload);
    const manifest = JSON.parse(entries.get('manifest.json') ?? '{}') as {
      products: { id: string; folder: string; externalId: string }[];
    };
    // prod-veh-3's collection is off: the company sees its VIN masked after 3 characters, as in its answers.
    const externalIds = Object.fromEntries(
      manifest.products.map((product) => [product.id, product.externalId]),
    );
    expect(externalIds).toEqual({
      'prod-veh-1': 'WVGZZZE2ZNP004821',
      'prod-veh-3': 'WAU**************',
      'prod-wb-1': 'WBX22-2301-004512',
    });
    expect([...entries.keys()].join('\n')).not.toContain('WAUZZZF45PA031598');
    const folder = (id: string) => manifest.products.find((product) => product.id === id)?.folder ?? '?';
    const csv = (id: string) =>
      [...entries].find(([name]) => name.startsWith(folder(id)) && name.endsWith('.csv'))?.[1] ?? '';
    expect(csv('prod-veh-1').split('\r\n')[0]).toContain('latitude');
    expect(csv('prod-veh-3').split('\r\n')[0]).not.toContain('latitude');
  });

  it('leaves out shared products that never collected data', async () => {
    await t.prisma.collectionPeriod.deleteMany({ where: { productId: 'prod-wb-3' } });
    const response = await startDownload('inv-second-accepted');
    expect(response.json().exportRequest).toEqual({ vehicles: [{ id: 'prod-veh-4' }], wallboxes: [] });
  });

  it("freezes each shared product's periods that began before the job, and only those", async () => {
    // prod-wb-3 (shared by inv-second-accepted): a closed period, the open one, and one that begins later.
    const now = t.clock.now();
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await t.prisma.collectionPeriod.deleteMany({ where: { productId: 'prod-wb-3' } });
    await t.prisma.collectionPeriod.createMany({
      data: [
        { id: 'period-wb3-closed', productId: 'prod-wb-3', enabledAt: at(-30), disabledAt: at(-20) },
        { id: 'period-wb3-open', productId: 'prod-wb-3', enabledAt: at(-10), disabledAt: null },
        { id: 'period-wb3-later', productId: 'prod-wb-3', enabledAt: at(5), disabledAt: null },
      ],
    });
    const response = await startDownload('inv-second-accepted');
    expect(response.statusCode).toBe(201);
    const job = await t.prisma.downloadJob.findUniqueOrThrow({ where: { id: response.json().id } });
    const snapshot = JSON.parse(job.exportRequest) as {
      wallboxes: { id: string; periods: { from: string; to: string | null }[] }[];
    };
    expect(snapshot.wallboxes).toEqual([
      {
        id: 'prod-wb-3',
        includeSensitiveData: expect.any(Boolean),
        periods: [
          { from: at(-30).toISOString(), to: at(-20).toISOString() },
          { from: at(-10).toISOString(), to: null },
        ],
      },
    ]);
  });

  it.runIf(testEngine() === 'sqlite')(
    'reads the sharing, its products and their periods in one statement on the lane',
    async () => {
      const lane = writeLane(t.prisma) as WriteLane;
      const run = lane.run;
      const reads: string[] = [];
      lane.run = <T>(fn: (writer: LaneWriter) => T) =>
        run.call<WriteLane, [(writer: LaneWriter) => T], Promise<T>>(lane, (writer) =>
          fn({
            ...writer,
            get: (sql, ...values) => {
              reads.push(sql);
              return writer.get(sql, ...values);
            },
            all: (sql, ...values) => {
              reads.push(sql);
              return writer.all(sql, ...values);
            },
          }),
        );
      try {
        const response = await startDownload('inv-owner-accepted');
        expect(response.statusCode).toBe(201);
      } finally {
        lane.run = run;
      }
      // The sharing with its products and periods, and the company's pending exports: nothing else.
      expect(reads).toHaveLength(2);
      expect(reads.filter((sql) => sql.includes('"CollectionPeriod"'))).toHaveLength(1);
    },
  );

  it('works only while the sharing is accepted', async () => {
    const claimed = await startDownload('inv-second-declined');
    expectError(claimed, 409, 'INVALID_INVITATION_STATE');
    const paused = await startDownload('inv-second-paused');
    expectError(paused, 409, 'SHARING_SUSPENDED');
    const foreign = await startDownload('inv-owner-paused');
    expectError(foreign, 403, 'INVITATION_FORBIDDEN');
    const missing = await startDownload('nope');
    expectError(missing, 404, 'INVITATION_NOT_FOUND');
    expect(codeOf(await startDownload('inv-owner-accepted', 'pending@example.com'))).toBe('AGENT_NOT_ACTIVE');
    expect(codeOf(await startDownload('inv-owner-accepted', 'owner@example.com'))).toBe('FORBIDDEN');
    expect(codeOf(await startDownload('inv-owner-accepted', 'admin@example.com'))).toBe('FORBIDDEN');
    expect((await t.call('POST', '/api/v1/agents/invites/inv-owner-accepted/download')).statusCode).toBe(401);
  });
});

describe('redemption rate limit', () => {
  it('answers 429 RATE_LIMITED in the envelope once a company has used its attempts', async () => {
    const limited = await createTestApp({ env: { REDEEM_RATE_LIMIT_MAX: '3' } });
    try {
      const attempt = (who: string) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/v1/invitations/redeem/ZZZZ-ZZZZ-ZZZZ-ZZZZ',
          headers: as(who),
        });
      for (let i = 0; i < 3; i += 1) expect(codeOf(await attempt('fleet@example.com'))).toBe('INVALID_CODE');
      const blocked = await attempt('fleet@example.com');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        errors: [{ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' }],
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another company has its own allowance.
      expect(codeOf(await attempt('chargewise@example.com'))).toBe('INVALID_CODE');
    } finally {
      await limited.close();
    }
  });
});
