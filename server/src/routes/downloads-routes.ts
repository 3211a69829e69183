import { create as contentDisposition } from 'content-disposition';
import { whenReady } from '../lib/maybe-promise.ts';
import { answerList } from '../lib/paging.ts';
import { callerOf, defineRoute } from '../lib/route.ts';
import {
  createDownloadLink,
  downloadJobsPage,
  downloadJobsSource,
  openExport,
  startProductDownload,
  startProductsDownload,
} from '../services/downloads.ts';
import { exportStorageOf } from '../services/export-storage.ts';
import { toApiDownloadJob } from '../services/job-snapshot.ts';
import type { World } from '../world.ts';

/** RFC 6266: an ASCII-only, quote-free file name, so no header injection and no encoding surprises. */
function exportFileName(createdAt: Date, jobId: string): string {
  const safeId = jobId.replace(/[^A-Za-z0-9-]/g, '');
  return `data-export-${createdAt.toISOString().slice(0, 10)}-${safeId}.zip`;
}

/**
 * The Content-Disposition of a job's export: made once per job while it is among the last few hundred
 * downloaded (parsing and formatting the date and encoding the header showed in a download's profile).
 */
const dispositions = new Map<string, string>();
function exportDisposition(job: { id: string; createdAt: string }): string {
  const key = `${job.id} ${job.createdAt}`;
  let value = dispositions.get(key);
  if (value === undefined) {
    value = contentDisposition(exportFileName(new Date(job.createdAt), job.id));
    if (dispositions.size >= 512) dispositions.clear();
    dispositions.set(key, value);
  }
  return value;
}

/** Download jobs of the caller's own products, their links and the export download itself. */
export function downloadsRoutes() {
  // The export folder belongs to the request's world (the app's or a sandbox).
  const storage = (world: World) => exportStorageOf(world);

  return [
    defineRoute({
      operationId: 'listDownloadJobs',
      roles: ['user', 'agent'],
      handler({ world, user, query, reply }) {
        const page = downloadJobsPage(query);
        return answerList(reply, page, downloadJobsSource(world, callerOf(user).id, page.q));
      },
    }),
    defineRoute({
      operationId: 'createProductsDownload',
      roles: ['user'],
      status: 201,
      async handler({ world, user }) {
        const job = await startProductsDownload(world, callerOf(user).id);
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'createProductDownload',
      roles: ['user'],
      status: 201,
      async handler({ world, user, params }) {
        const job = await startProductDownload(world, callerOf(user).id, params.id);
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'getDownloadLink',
      roles: ['user', 'agent'],
      async handler({ world, user, params }) {
        return { link: await createDownloadLink(world, storage(world), callerOf(user).id, params.jobId) };
      },
    }),
    defineRoute({
      operationId: 'downloadExport',
      // Sent in the same turn when the job is read at once and its file is kept (decision 0150).
      handler: ({ world, user, params, reply }) =>
        whenReady(openExport(world, storage(world), callerOf(user).id, params.token), ({ job, file }) =>
          reply
            .header('content-type', 'application/zip')
            .header('content-disposition', exportDisposition(job))
            .header('content-length', String(file.size))
            .header('cache-control', 'no-store')
            .send(file.body),
        ),
    }),
  ];
}
