import type { components } from '@portal/contract/schema';
import type { DownloadJob } from '../generated/prisma/client.ts';

export type ApiDownloadJob = components['schemas']['DownloadJob'];
export type JobType = 'PRODUCT' | 'PRODUCTS' | 'INVITE';
export type JobStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

/** Simulated time a job waits in CREATED before the worker picks it up. */
export const JOB_START_DELAY_MS = 2_000;
/** Minimum simulated time in RUNNING, so the web app shows its progress state. */
export const JOB_MIN_RUNNING_MS = 5_000;
/** Simulated time a finished export is kept; afterwards its link answers 410 EXPORT_EXPIRED. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface JobProductInput {
  id: string;
  productType: 'VEHICLE' | 'WALLBOX';
  includeSensitiveData: boolean;
}

export interface SnapshotProduct {
  id: string;
  includeSensitiveData: boolean;
  /** Collection periods as they stood when the job was created (ISO; `to` null = still open then). */
  periods: { from: string; to: string | null }[];
}

/** What DownloadJob.exportRequest holds: the products and their periods, frozen at job creation. */
export interface ExportSnapshot {
  vehicles: SnapshotProduct[];
  wallboxes: SnapshotProduct[];
  /** Data after this instant is never exported by this job. */
  until: string;
}

export function parseSnapshot(job: Pick<DownloadJob, 'exportRequest' | 'createdAt'>): ExportSnapshot {
  const raw = JSON.parse(job.exportRequest) as Partial<ExportSnapshot>;
  const products = (list: unknown): SnapshotProduct[] =>
    Array.isArray(list)
      ? list.map((entry: Partial<SnapshotProduct>) => ({
          id: String(entry.id),
          includeSensitiveData: entry.includeSensitiveData === true,
          periods: Array.isArray(entry.periods) ? entry.periods : [],
        }))
      : [];
  return {
    vehicles: products(raw.vehicles),
    wallboxes: products(raw.wallboxes),
    until: raw.until ?? job.createdAt.toISOString(),
  };
}

/** The API's view of a job: only product ids leave the server, never the snapshot's details. */
export function toApiDownloadJob(job: DownloadJob): ApiDownloadJob {
  return apiDownloadJob({
    ...job,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  });
}

/** The same from a job's fields with its dates as ISO 8601 text (a prepared read's row). */
export function apiDownloadJob(
  job: Pick<DownloadJob, 'id' | 'relatedId' | 'type' | 'status' | 'exportRequest'> & {
    createdAt: string;
    updatedAt: string;
  },
): ApiDownloadJob {
  const snapshot = parseSnapshot({ exportRequest: job.exportRequest, createdAt: new Date(job.createdAt) });
  return {
    id: job.id,
    relatedId: job.relatedId,
    type: job.type as JobType,
    status: job.status as JobStatus,
    exportRequest: {
      vehicles: snapshot.vehicles.map(({ id }) => ({ id })),
      wallboxes: snapshot.wallboxes.map(({ id }) => ({ id })),
    },
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
