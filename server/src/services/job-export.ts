import { type ExportProduct, writeExport } from '../domain/export-writer.ts';
import type { DownloadJob, Product } from '../generated/prisma/client.ts';
import type { World } from '../world.ts';
import type { ExportStorage } from './export-storage.ts';
import { maskExternalId } from './invitation-views.ts';
import { parseSnapshot, type SnapshotProduct } from './job-snapshot.ts';

function label(product: Product): string {
  if (product.productType === 'VEHICLE')
    return [product.brand, product.model].filter(Boolean).join(' ') || 'Vehicle';
  return product.name ?? 'Home charger';
}

/**
 * Writes a job's zip from the snapshot taken when it was created: its products, personal data per
 * product as chosen, and the collection periods clipped to the job's creation time, to `fileName` in
 * the export folder (answered back). A product deleted since is left out.
 */
export async function writeJobExport(
  world: Pick<World, 'prisma'>,
  storage: ExportStorage,
  job: DownloadJob,
  fileName: string,
  signal?: AbortSignal,
): Promise<string> {
  const snapshot = parseSnapshot(job);
  const wanted: SnapshotProduct[] = [...snapshot.vehicles, ...snapshot.wallboxes];
  const rows = await world.prisma.product.findMany({
    where: { id: { in: wanted.map((entry) => entry.id) } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const products: ExportProduct[] = wanted.flatMap((entry) => {
    const row = byId.get(entry.id);
    if (!row) return [];
    // A company sees a VIN only while the owner collects that vehicle's data, in exports as in answers.
    const collecting = entry.periods.some((period) => period.to === null);
    const masked = job.type === 'INVITE' && row.productType === 'VEHICLE' && !collecting;
    return [
      {
        id: row.id,
        productType: row.productType === 'WALLBOX' ? 'WALLBOX' : 'VEHICLE',
        externalId: masked ? maskExternalId(row.externalId) : row.externalId,
        label: label(row),
        includeSensitiveData: entry.includeSensitiveData,
        periods: entry.periods.map((period) => ({
          from: new Date(period.from),
          to: period.to === null ? null : new Date(period.to),
        })),
      },
    ];
  });
  const requester = await world.prisma.user.findUnique({
    where: { id: job.userId },
    select: { email: true },
  });
  await storage.ensureDirectory();
  await writeExport({
    products,
    generatedAt: new Date(snapshot.until),
    requestedBy: requester?.email ?? job.userId,
    destinationPath: storage.resolve(fileName),
    signal,
  });
  return fileName;
}
