import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { PortalDeps } from '../deps.ts';
import { AppError, conflict, notFound } from '../lib/app-error.ts';
import type { AuthenticatedUser } from '../lib/route.ts';
import { defineRoute } from '../lib/route.ts';
import { enabledProductIds, findOwnProduct, listOwnProducts } from '../services/collection.ts';
import { createExportStorage } from '../services/export-storage.ts';
import { toApiDownloadJob } from '../services/job-snapshot.ts';
import { createDownloadJob } from '../services/jobs.ts';

/** How long a download link works, in simulated time. */
export const LINK_TTL_MS = 10 * 60 * 1000;
const LIST_LIMIT = 50;

function callerId(user: AuthenticatedUser | null): string {
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'You need to sign in to do this.');
  return user.id;
}

/** RFC 6266: an ASCII-only, quote-free file name, so no header injection and no encoding surprises. */
export function exportFileName(createdAt: Date, jobId: string): string {
  const safeId = jobId.replace(/[^A-Za-z0-9-]/g, '');
  return `data-export-${createdAt.toISOString().slice(0, 10)}-${safeId}.zip`;
}

/** Download jobs of the caller's own products, their links and the export download itself. */
export function downloadsRoutes(deps: PortalDeps) {
  const { prisma, clock } = deps;
  const storage = createExportStorage(deps.config);

  const jobNotFound = () => notFound('JOB_NOT_FOUND', 'This download could not be found.');

  return [
    defineRoute({
      operationId: 'listDownloadJobs',
      roles: ['user', 'agent'],
      async handler({ user }) {
        const jobs = await prisma.downloadJob.findMany({
          where: { userId: callerId(user) },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: LIST_LIMIT,
        });
        return jobs.map(toApiDownloadJob);
      },
    }),
    defineRoute({
      operationId: 'createProductsDownload',
      roles: ['user'],
      status: 201,
      async handler({ user }) {
        const userId = callerId(user);
        const enabled = (await listOwnProducts(prisma, userId)).filter((product) => product.enabled);
        if (enabled.length === 0) {
          throw conflict('NO_PRODUCTS_ENABLED', 'Turn on data collection for at least one product first.');
        }
        const products = enabled.map(({ row }) => ({
          id: row.id,
          productType: row.productType as 'VEHICLE' | 'WALLBOX',
          includeSensitiveData: true,
        }));
        const job = await createDownloadJob(deps, { userId, type: 'PRODUCTS', relatedId: null, products });
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'createProductDownload',
      roles: ['user'],
      status: 201,
      async handler({ user, params }) {
        const userId = callerId(user);
        const product = await findOwnProduct(prisma, userId, params.id);
        if (!(await enabledProductIds(prisma, [product.id])).has(product.id)) {
          throw conflict('COLLECTION_DISABLED', 'Turn on data collection for this product first.');
        }
        const job = await createDownloadJob(deps, {
          userId,
          type: 'PRODUCT',
          relatedId: product.id,
          products: [
            { id: product.id, productType: product.productType as 'VEHICLE' | 'WALLBOX', includeSensitiveData: true },
          ],
        });
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'getDownloadLink',
      roles: ['user', 'agent'],
      async handler({ user, params }) {
        const job = await prisma.downloadJob.findFirst({ where: { id: params.jobId, userId: callerId(user) } });
        if (!job) throw jobNotFound();
        if (job.status !== 'COMPLETED' || !job.filePath) {
          throw conflict('JOB_NOT_READY', 'This download is not ready yet.');
        }
        const token = randomBytes(32).toString('base64url');
        await prisma.downloadJob.update({
          where: { id: job.id },
          data: { downloadToken: token, tokenExpiresAt: new Date(clock.now().getTime() + LINK_TTL_MS) },
        });
        return { link: `/api/v1/exports/${token}` };
      },
    }),
    defineRoute({
      operationId: 'downloadExport',
      async handler({ user, params, reply }) {
        const userId = callerId(user);
        const job = await prisma.downloadJob.findUnique({ where: { downloadToken: params.token } });
        // Someone else's token answers exactly like an unknown one.
        if (!job || job.userId !== userId || job.status !== 'COMPLETED' || !job.filePath) {
          throw notFound('NOT_FOUND', 'This download link is not valid.');
        }
        if (!job.tokenExpiresAt || job.tokenExpiresAt <= clock.now()) {
          throw new AppError(410, 'EXPORT_EXPIRED', 'This download link has expired. Please request a new one.');
        }
        const size = await storage.size(job.filePath);
        if (size === null) throw notFound('NOT_FOUND', 'This export is no longer available.');
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exportFileName(job.createdAt, job.id)}"`)
          .header('content-length', String(size))
          .header('cache-control', 'no-store')
          .send(createReadStream(storage.resolve(job.filePath)));
      },
    }),
  ];
}
