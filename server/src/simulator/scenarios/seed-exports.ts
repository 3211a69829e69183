import type { PrismaClient } from '../../db/client.ts';
import { createExportStorage } from '../../services/export-storage.ts';
import { writeJobExport } from '../../services/job-export.ts';

/**
 * Writes the zip of every finished download a scenario seeded whose file is not on disk yet, the
 * way the job worker would have: seeded jobs are rows only, their exports are built from the
 * seeded products after the load.
 */
export async function writeSeedExports(prisma: PrismaClient, dataDir: string): Promise<void> {
  const storage = createExportStorage({ config: { dataDir } });
  const jobs = await prisma.downloadJob.findMany({ where: { status: 'COMPLETED', filePath: { not: null } } });
  for (const job of jobs) {
    if (job.filePath && (await storage.size(job.filePath)) === null)
      await writeJobExport({ prisma }, storage, job, job.filePath);
  }
}
