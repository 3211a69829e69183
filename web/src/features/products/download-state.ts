import type { Product, Schemas } from '../../lib/api/types.ts';

export type DownloadJob = Schemas['DownloadJob'];

/** NORMAL: a click starts a job. RUNNING: a job is created or running. COMPLETED: a click downloads the zip. */
export type DownloadButtonState = 'NORMAL' | 'RUNNING' | 'COMPLETED';

export type DownloadTarget = { state: DownloadButtonState; job: DownloadJob | null };

const NONE: DownloadTarget = { state: 'NORMAL', job: null };

export function isActiveJob(job: Pick<DownloadJob, 'status'>): boolean {
  return job.status === 'CREATED' || job.status === 'RUNNING';
}

export function hasActiveJob(jobs: readonly DownloadJob[] | undefined): boolean {
  return (jobs ?? []).some(isActiveJob);
}

function targetOf(job: DownloadJob | undefined): DownloadTarget {
  if (!job) return NONE;
  if (isActiveJob(job)) return { state: 'RUNNING', job };
  if (job.status === 'COMPLETED') return { state: 'COMPLETED', job };
  return NONE;
}

/** The newest PRODUCT job of this product decides its button (jobs arrive newest first). */
export function productDownloadTarget(
  jobs: readonly DownloadJob[] | undefined,
  productId: string,
): DownloadTarget {
  return targetOf((jobs ?? []).find((job) => job.type === 'PRODUCT' && job.relatedId === productId));
}

function sameIds(refs: readonly { id: string }[], ids: ReadonlySet<string>): boolean {
  const jobIds = new Set(refs.map((ref) => ref.id));
  return jobIds.size === ids.size && [...jobIds].every((id) => ids.has(id));
}

/**
 * Download-all follows only a PRODUCTS job with no relatedId whose vehicle ids and wallbox ids,
 * compared as sets, are exactly the products enabled now: a job for another selection is stale.
 */
export function allDownloadTarget(
  jobs: readonly DownloadJob[] | undefined,
  vehicles: readonly Product[],
  wallboxes: readonly Product[],
): DownloadTarget {
  const enabledIds = (list: readonly Product[]) =>
    new Set(list.filter((product) => product.dataCollectionEnabled).map((product) => product.id));
  const enabledVehicles = enabledIds(vehicles);
  const enabledWallboxes = enabledIds(wallboxes);
  if (enabledVehicles.size + enabledWallboxes.size === 0) return NONE;
  return targetOf(
    (jobs ?? []).find(
      (job) =>
        job.type === 'PRODUCTS' &&
        job.relatedId === null &&
        sameIds(job.exportRequest.vehicles, enabledVehicles) &&
        sameIds(job.exportRequest.wallboxes, enabledWallboxes),
    ),
  );
}
