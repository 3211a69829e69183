import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { PortalPrisma } from '../db/client.ts';
import type { PortalDeps } from '../deps.ts';
import type { DownloadJob } from '../generated/prisma/client.ts';
import { AppError, conflict, notFound } from '../lib/app-error.ts';
import { type AuthenticatedUser, defineRoute } from '../lib/route.ts';
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

const exportExpired = () =>
  new AppError(410, 'EXPORT_EXPIRED', 'This export has expired. Please start a new download.');

/** A company's export stays available only while the user still shares the data with it. */
async function assertStillShared(prisma: PortalPrisma, job: DownloadJob): Promise<void> {
  if (job.type !== 'INVITE' || !job.relatedId) return;
  const invitation = await prisma.invitation.findUnique({
    where: { id: job.relatedId },
    select: { status: true, agentId: true },
  });
  if (invitation?.status === 'PAUSED_BY_ADMIN') {
    throw conflict('SHARING_SUSPENDED', 'An administrator has paused this data sharing.');
  }
  if (invitation?.status !== 'ACCEPTED' || invitation.agentId !== job.userId) {
    throw conflict('INVALID_INVITATION_STATE', 'This user no longer shares data with you.');
  }
}

/** Download jobs of the caller's own products, their links and the export download itself. */
export function downloadsRoutes(deps: PortalDeps) {
  const { prisma, clock } = deps;
  // Per call: the export folder belongs to the request's world (shared or a sandbox).
  const storage = () => createExportStorage(deps.config);

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
            {
              id: product.id,
              productType: product.productType as 'VEHICLE' | 'WALLBOX',
              includeSensitiveData: true,
            },
          ],
        });
        return toApiDownloadJob(job);
      },
    }),
    defineRoute({
      operationId: 'getDownloadLink',
      roles: ['user', 'agent'],
      async handler({ user, params }) {
        const job = await prisma.downloadJob.findFirst({
          where: { id: params.jobId, userId: callerId(user) },
        });
        if (!job) throw notFound('JOB_NOT_FOUND', 'This download could not be found.');
        if (job.status !== 'COMPLETED') throw conflict('JOB_NOT_READY', 'This download is not ready yet.');
        await assertStillShared(prisma, job);
        if (!job.filePath || (await storage().size(job.filePath)) === null) throw exportExpired();
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
        if (!job || job.userId !== userId || job.status !== 'COMPLETED') {
          throw notFound('NOT_FOUND', 'This download link is not valid.');
        }
        if (!job.tokenExpiresAt || job.tokenExpiresAt <= clock.now()) throw exportExpired();
        await assertStillShared(prisma, job);
        const size = job.filePath ? await storage().size(job.filePath) : null;
        if (!job.filePath || size === null) throw exportExpired();
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exportFileName(job.createdAt, job.id)}"`)
          .header('content-length', String(size))
          .header('cache-control', 'no-store')
          .send(createReadStream(storage().resolve(job.filePath)));
      },
    }),
  ];
}
