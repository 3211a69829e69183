// Download jobs of second@ in the states the contract's examples need: a finished export without a
// link (getDownloadLink), one with a live link (downloadExport), one whose link has lapsed and one
// whose file was deleted after the retention period (both 410 EXPORT_EXPIRED). Their zips are
// written after the load (`writeSeedExports`), like the seeded documents. saferoad@ has one export of
// owner@'s data whose sharing an admin paused after the link was issued (409 SHARING_SUSPENDED).
import type { Db } from '../../db/client.ts';
import { EXPORT_RETENTION_MS } from '../../services/job-snapshot.ts';
import { USER_IDS } from './demo-people.ts';
import { daysBefore } from './time.ts';

/** How long the worker takes for a job, as in the simulation (2 s waiting + 5 s running). */
const RUN_MS = 7_000;
/** A link lives ten minutes (services/downloads.ts). */
const LINK_TTL_MS = 10 * 60 * 1000;

/**
 * The export's frozen request, as createDownloadJob writes it: the products and their collection
 * periods until `until`, each clipped to start no earlier than `since` (default: unclipped).
 */
export async function exportSnapshot(
  db: Db,
  productIds: readonly string[],
  until: Date,
  since = new Date(0),
): Promise<string> {
  const products = await db.product.findMany({
    where: { id: { in: [...productIds] } },
    include: { periods: true },
    orderBy: { id: 'asc' },
  });
  const entry = (product: (typeof products)[number]) => ({
    id: product.id,
    includeSensitiveData: true,
    periods: product.periods
      .filter((period) => period.enabledAt <= until && (!period.disabledAt || period.disabledAt > since))
      .map((period) => ({
        from: (period.enabledAt > since ? period.enabledAt : since).toISOString(),
        to: period.disabledAt && period.disabledAt <= until ? period.disabledAt.toISOString() : null,
      })),
  });
  return JSON.stringify({
    vehicles: products.filter((p) => p.productType === 'VEHICLE').map(entry),
    wallboxes: products.filter((p) => p.productType === 'WALLBOX').map(entry),
    until: until.toISOString(),
  });
}

interface JobSeed {
  id: string;
  /** whose job (default second@) */
  userId?: string;
  type: 'PRODUCT' | 'PRODUCTS' | 'INVITE';
  /** the invitation of an INVITE job */
  invitationId?: string;
  productIds: string[];
  /** hours before `now` the job was created */
  hoursAgo: number;
  /** the zip is on disk (false: deleted after the retention period) */
  file: boolean;
  /** a download link was issued: its token, live or lapsed (a live one for `hoursLeft` more, default as long as its file) */
  link?: { token: string; live: boolean; hoursLeft?: number };
}

export const DOWNLOAD_JOBS: readonly JobSeed[] = [
  {
    id: 'job-second-linked',
    type: 'PRODUCTS',
    productIds: ['prod-veh-4', 'prod-wb-3'],
    hoursAgo: 1,
    file: true,
    link: { token: 'demo-link-second-all-products', live: true },
  },
  { id: 'job-second-ready', type: 'PRODUCT', productIds: ['prod-veh-4'], hoursAgo: 2, file: true },
  {
    id: 'job-second-link-lapsed',
    type: 'PRODUCT',
    productIds: ['prod-wb-3'],
    hoursAgo: 3,
    file: true,
    link: { token: 'demo-link-second-lapsed', live: false },
  },
  { id: 'job-second-expired', type: 'PRODUCT', productIds: ['prod-wb-3'], hoursAgo: 9 * 24, file: false },
  {
    // Eight days ago, the day before the admin paused inv-owner-paused; no file is needed for the 409.
    id: 'job-saferoad-paused',
    userId: USER_IDS.saferoad,
    type: 'INVITE',
    invitationId: 'inv-owner-paused',
    productIds: ['prod-veh-2', 'prod-wb-1'],
    hoursAgo: 8 * 24,
    file: false,
    link: { token: 'demo-link-saferoad-paused-sharing', live: true, hoursLeft: 24 },
  },
];

function linkExpiry(link: NonNullable<JobSeed['link']>, now: Date, finishedAt: Date, linkedAt: Date): Date {
  if (!link.live) return new Date(linkedAt.getTime() + LINK_TTL_MS);
  if (link.hoursLeft !== undefined) return new Date(now.getTime() + link.hoursLeft * 3_600_000);
  return new Date(finishedAt.getTime() + EXPORT_RETENTION_MS);
}

export async function seedDownloadJobs(db: Db, now: Date): Promise<void> {
  for (const job of DOWNLOAD_JOBS) {
    const createdAt = daysBefore(now, job.hoursAgo / 24);
    const finishedAt = new Date(createdAt.getTime() + RUN_MS);
    const linkedAt = new Date(finishedAt.getTime() + 60_000);
    await db.downloadJob.create({
      data: {
        id: job.id,
        userId: job.userId ?? USER_IDS.second,
        type: job.type,
        relatedId: job.type === 'PRODUCT' ? (job.productIds[0] ?? null) : (job.invitationId ?? null),
        status: 'COMPLETED',
        // One day of data each: the zips are written at every reset, which must stay quick.
        exportRequest: await exportSnapshot(db, job.productIds, createdAt, daysBefore(createdAt, 1)),
        createdAt,
        updatedAt: finishedAt,
        runAt: finishedAt,
        startedAt: new Date(createdAt.getTime() + 2_000),
        finishedAt,
        filePath: job.file ? `${job.id}.zip` : null,
        downloadToken: job.link?.token ?? null,
        // The live link lasts as long as its file (the demo is used for days); the lapsed one lasted ten minutes.
        tokenExpiresAt: job.link ? linkExpiry(job.link, now, finishedAt, linkedAt) : null,
      },
    });
  }
}
