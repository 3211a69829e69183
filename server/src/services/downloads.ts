import { randomBytes } from 'node:crypto';
import { isoFromStored } from '../db/connected-users.ts';
import type { DownloadJobRow } from '../db/list-reads.ts';
import { isRowNotFound, writeRows } from '../db/row-writes.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
import { AppError, conflict, notFound } from '../lib/app-error.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import {
  type ListSource,
  type PageQuery,
  type PageRequest,
  pagedSource,
  readPage,
  searchWords,
} from '../lib/paging.ts';
import { openStoredFile, type StoredFile } from '../lib/stored-files.ts';
import type { World } from '../world.ts';
import { createDownloadJob } from './download-jobs.ts';
import type { ExportStorage } from './export-storage.ts';
import { type ApiDownloadJob, apiDownloadJob } from './job-snapshot.ts';
import { listOwnProducts } from './products.ts';

// What the download routes ask for: the caller's jobs, starting one, a short-lived link to a finished
// export and the export behind such a link. Every lookup is scoped to the caller.

/** How long a download link works, in simulated time. */
const LINK_TTL_MS = 10 * 60 * 1000;
const LIST_LIMIT = 50;

type Deps = Pick<World, 'prisma' | 'reads' | 'clock' | 'jobs'> & Parameters<typeof createDownloadJob>[0];

const jobNotFound = () => notFound('JOB_NOT_FOUND', 'This download could not be found.');

const exportExpired = () =>
  new AppError(410, 'EXPORT_EXPIRED', 'This export has expired. Please start a new download.');

/** A company's export stays available only while the user still shares the data with it (at once on SQLite). */
function assertStillShared(
  { reads }: Pick<Deps, 'reads'>,
  job: Pick<DownloadJobRow, 'type' | 'relatedId' | 'userId'>,
): MaybePromise<void> {
  if (job.type !== 'INVITE' || !job.relatedId) return;
  return whenReady(reads.lists.parties(job.relatedId), (invitation) => {
    if (invitation?.status === 'PAUSED_BY_ADMIN') {
      throw conflict('SHARING_SUSPENDED', 'An administrator has paused this data sharing.');
    }
    if (invitation?.status !== 'ACCEPTED' || invitation.agentId !== job.userId) {
      throw conflict('INVALID_INVITATION_STATE', 'This user no longer shares data with you.');
    }
  });
}

const downloadJobItems = new WeakMap<readonly DownloadJobRow[], ApiDownloadJob[]>();

/**
 * The caller's download jobs, newest first, page by page (lib/paging.ts), one prepared statement per
 * page (db/list-reads.ts); a list call without paging answers the first LIST_LIMIT, as it always did.
 * `q` searches the job id and what it exports.
 */
export function downloadJobsSource(
  { reads }: Pick<Deps, 'reads'>,
  userId: string,
  q?: string,
): ListSource<DownloadJobRow, ApiDownloadJob> {
  const query = { userId, words: searchWords(q) };
  return pagedSource(reads.lists.downloadJobs, query, {
    position: (row) => ({ at: new Date(row.createdAt), id: row.id }),
    toItem: (row) =>
      apiDownloadJob({
        ...row,
        createdAt: isoFromStored(row.createdAt),
        updatedAt: isoFromStored(row.updatedAt),
      }),
    items: downloadJobItems,
  });
}

/** The page a download-job list call asks for: never more than LIST_LIMIT jobs at once. */
export function downloadJobsPage(query: PageQuery): PageRequest {
  const page = readPage(query, 'listDownloadJobs');
  return { ...page, take: page.take ?? LIST_LIMIT };
}

/** A job exporting every product of the owner whose data collection is on. */
export async function startProductsDownload(world: Deps, userId: string): Promise<DownloadJob> {
  const enabled = (await listOwnProducts(world, userId)).filter((product) => product.enabled);
  if (enabled.length === 0) {
    throw conflict('NO_PRODUCTS_ENABLED', 'Turn on data collection for at least one product first.');
  }
  const products = enabled.map(({ row }) => ({
    id: row.id,
    productType: row.productType as 'VEHICLE' | 'WALLBOX',
    includeSensitiveData: true,
  }));
  return startJob(world, { userId, type: 'PRODUCTS', relatedId: null, products });
}

/** A job exporting one of the owner's products, whose data collection must be on. */
export async function startProductDownload(
  world: Deps,
  userId: string,
  productId: string,
): Promise<DownloadJob> {
  // The caller's own products with their collection state: a remembered read (db/hot-reads.ts).
  const own = (await listOwnProducts(world, userId)).find((entry) => entry.row.id === productId);
  if (!own) throw notFound('PRODUCT_NOT_FOUND', 'This product could not be found.');
  if (!own.enabled) throw conflict('COLLECTION_DISABLED', 'Turn on data collection for this product first.');
  const product = own.row;
  const productType = product.productType as 'VEHICLE' | 'WALLBOX';
  return startJob(world, {
    userId,
    type: 'PRODUCT',
    relatedId: product.id,
    products: [{ id: product.id, productType, includeSensitiveData: true }],
  });
}

/** Writes an owner's export job and tells the runner, which sleeps until told, when the job falls due. */
async function startJob(world: Deps, input: Parameters<typeof createDownloadJob>[1]): Promise<DownloadJob> {
  const job = await createDownloadJob(world, input);
  world.jobs.wake(job.runAt);
  return job;
}

/** A fresh one-time token for the caller's completed export, valid for ten simulated minutes. */
export async function createDownloadLink(
  world: Deps,
  storage: ExportStorage,
  userId: string,
  jobId: string,
): Promise<string> {
  const job = await world.reads.lists.downloadJob(userId, jobId);
  if (!job) throw jobNotFound();
  if (job.status !== 'COMPLETED') throw conflict('JOB_NOT_READY', 'This download is not ready yet.');
  await assertStillShared(world, job);
  if (!job.filePath || (await storage.size(job.filePath)) === null) throw exportExpired();
  const token = randomBytes(32).toString('base64url');
  const tokenExpiresAt = new Date(world.clock.now().getTime() + LINK_TTL_MS);
  // The job may have gone meanwhile (its owner's account removed): then it is not found, as before the read.
  await writeRows(world.prisma, [
    { update: 'DownloadJob', where: { id: job.id }, set: { downloadToken: token, tokenExpiresAt } },
  ]).catch((error: unknown) => {
    if (isRowNotFound(error)) throw jobNotFound();
    throw error;
  });
  return `/api/v1/exports/${token}`;
}

/**
 * The export behind a download link of the caller: the job and its stored file (lib/stored-files.ts). At
 * once when the reads are (SQLite) and the file is kept: no promise (decision 0150).
 */
export function openExport(
  world: Deps,
  storage: ExportStorage,
  userId: string,
  token: string,
): MaybePromise<{ job: DownloadJobRow; file: StoredFile }> {
  return whenReady(world.reads.lists.downloadJobByToken(token), (job) => {
    // Someone else's token answers exactly like an unknown one.
    if (!job || job.userId !== userId || job.status !== 'COMPLETED') {
      throw notFound('NOT_FOUND', 'This download link is not valid.');
    }
    if (!job.tokenExpiresAt || Date.parse(job.tokenExpiresAt) <= world.clock.now().getTime())
      throw exportExpired();
    return whenReady(assertStillShared(world, job), () =>
      whenReady(job.filePath ? openStoredFile(storage.resolve(job.filePath)) : null, (file) => {
        if (!file) throw exportExpired();
        return { job, file };
      }),
    );
  });
}
