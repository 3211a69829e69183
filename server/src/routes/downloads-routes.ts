import { createReadStream } from 'node:fs';
import type { PortalDeps } from '../deps.ts';
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
import { createExportStorage } from '../services/export-storage.ts';
import { toApiDownloadJob } from '../services/job-snapshot.ts';

/** RFC 6266: an ASCII-only, quote-free file name, so no header injection and no encoding surprises. */
function exportFileName(createdAt: Date, jobId: string): string {
  const safeId = jobId.replace(/[^A-Za-z0-9-]/g, '');
  return `data-export-${createdAt.toISOString().slice(0, 10)}-${safeId}.zip`;
}

/** Download jobs of the caller's own products, their links and the export download itself. */
export function downloadsRoutes(deps: PortalDeps) {
  // Per call: the export folder belongs to the request's world (shared or a sandbox).
  const storage = () => createExportStorage(deps.config);

  return [
    defineRoute({
      operationId: 'listDownloadJobs',
      roles: ['user', 'agent'],
      async handler({ user, query, reply }) {
        const page = downloadJobsPage(query);
        return answerList(reply, page, downloadJobsSource(deps, callerOf(user).id, page.q));
      },
    }),
    defineRoute({
      operationId: 'createProductsDownload',
      roles: ['user'],
      status: 201,
      async handler({ user, request }) {
        const job = await startProductsDownload(deps, callerOf(user).id);
        // The runner sleeps until told: the new job is its next thing to plan for.
        request.server.portal.jobs.wake();
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'createProductDownload',
      roles: ['user'],
      status: 201,
      async handler({ user, params, request }) {
        const job = await startProductDownload(deps, callerOf(user).id, params.id);
        request.server.portal.jobs.wake();
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'getDownloadLink',
      roles: ['user', 'agent'],
      async handler({ user, params }) {
        return { link: await createDownloadLink(deps, storage(), callerOf(user).id, params.jobId) };
      },
    }),
    defineRoute({
      operationId: 'downloadExport',
      async handler({ user, params, reply }) {
        const { job, filePath, size } = await openExport(deps, storage(), callerOf(user).id, params.token);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exportFileName(job.createdAt, job.id)}"`)
          .header('content-length', String(size))
          .header('cache-control', 'no-store')
          .send(createReadStream(filePath));
      },
    }),
  ];
}
