import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { type CollectionPeriod, normalisePeriods, type TimeWindow } from './collection-periods.ts';
import { type ExportFormat, encodeRecords, type FileStats } from './export-encoding.ts';
import {
  buildManifest,
  describeBuffer,
  describeStats,
  dictionaryCsv,
  dictionaryEntries,
  dictionaryJson,
  type ManifestFile,
  productEntry,
  productFolders,
} from './export-manifest.ts';
import { fieldsFor, type ProductType } from './field-catalogue.ts';
import { recordsInWindows, type TelemetryRecord } from './telemetry.ts';
import './yazl-native-crc32.ts';

// Builds an export zip: streamed to a temporary file and renamed into place only once
// complete, so a half-written export is never served.

export interface ExportProduct {
  id: string;
  productType: ProductType;
  externalId: string;
  label: string;
  periods: readonly CollectionPeriod[];
  includeSensitiveData: boolean;
}

export type RecordSource = (
  product: ExportProduct,
  windows: readonly TimeWindow[],
) => Iterator<TelemetryRecord>;

export interface WriteExportInput {
  products: readonly ExportProduct[];
  /** Also the end of open collection periods: nothing later is exported. */
  generatedAt: Date;
  requestedBy: string;
  destinationPath: string;
  /** Where the temporary file is written; the destination's folder by default. */
  tmpDir?: string;
  signal?: AbortSignal;
  intervalSeconds?: number;
  compressionLevel?: number;
  /** Replaces the synthetic telemetry (tests). */
  recordSource?: RecordSource;
}

export interface ExportSummary {
  bytes: number;
  sha256: string;
  products: { id: string; records: number }[];
}

export async function writeExport(input: WriteExportInput): Promise<ExportSummary> {
  const { destinationPath, generatedAt } = input;
  const suffix = `.tmp-${randomBytes(8).toString('hex')}`;
  const tempPath = join(input.tmpDir ?? dirname(destinationPath), basename(destinationPath) + suffix);
  const source: RecordSource =
    input.recordSource ??
    ((product, windows) => recordsInWindows(product, windows, { intervalSeconds: input.intervalSeconds }));
  const entryOptions = { mtime: generatedAt, compressionLevel: input.compressionLevel ?? 6 };

  const zip = new ZipFile();
  const zipHash = createHash('sha256');
  let zipBytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      zipHash.update(chunk);
      zipBytes += chunk.length;
      callback(null, chunk);
    },
  });
  const file = createWriteStream(tempPath, { flags: 'wx' });
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {}); // observed through Promise.race below
  const written = pipeline(zip.outputStream, measure, file);
  zip.on('error', (error: unknown) => fail(error));
  const onAbort = () => fail(input.signal?.reason ?? new Error('Export aborted'));
  input.signal?.addEventListener('abort', onAbort, { once: true });
  if (input.signal?.aborted) onAbort();

  const dictionary = dictionaryEntries(input.products);
  const dictionaryFiles: ManifestFile[] = [];
  for (const [path, format, text] of [
    ['data-dictionary.csv', 'csv', dictionaryCsv(dictionary)],
    ['data-dictionary.json', 'json', dictionaryJson(dictionary)],
  ] as const) {
    const buffer = Buffer.from(text, 'utf8');
    dictionaryFiles.push(describeBuffer(path, format, buffer));
    zip.addBuffer(buffer, path, entryOptions);
  }

  const folders = productFolders(input.products);
  const parts = input.products.map((product, index) => ({
    product,
    folder: folders[index] ?? `products/${product.id}`,
    windows: normalisePeriods(product.periods, generatedAt),
    stats: {} as Partial<Record<ExportFormat, FileStats>>,
  }));
  for (const part of parts) {
    const fields = fieldsFor(part.product.productType, {
      includePersonal: part.product.includeSensitiveData,
    });
    for (const format of ['csv', 'json'] as const) {
      // Lazy: records are generated only when the zip reaches this entry, one entry at a time.
      zip.addReadStreamLazy(`${part.folder}/data.${format}`, entryOptions, (callback) => {
        const records = source(part.product, part.windows);
        const stream = encodeRecords(records, format, fields, (stats) => {
          part.stats[format] = stats;
        });
        stream.on('error', (error) => fail(error));
        callback(null, stream);
      });
    }
  }

  // Last entry: by the time the zip reaches it, every data file has been streamed and measured.
  zip.addReadStreamLazy('manifest.json', entryOptions, (callback) => {
    try {
      const products = parts.map(({ product, folder, windows, stats }) => {
        const files = (['csv', 'json'] as const).map((format) => {
          const measured = stats[format];
          if (!measured) throw new Error(`${folder}/data.${format} was not measured`);
          return describeStats(`${folder}/data.${format}`, format, measured);
        });
        return productEntry({ product, folder, windows, records: stats.csv?.records ?? 0, files });
      });
      const manifest = buildManifest({
        generatedAt,
        requestedBy: input.requestedBy,
        dataDictionary: dictionaryFiles,
        products,
      });
      callback(null, Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8')]));
    } catch (error) {
      fail(error);
    }
  });
  zip.end();

  try {
    await Promise.race([written, failed]);
  } catch (error) {
    written.catch(() => {});
    zip.outputStream.on('error', () => {}); // yazl may still write into the torn-down stream
    zip.outputStream.unpipe();
    file.destroy();
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await rm(tempPath, { force: true });
    throw error;
  } finally {
    input.signal?.removeEventListener('abort', onAbort);
  }
  await moveIntoPlace(tempPath, destinationPath);
  return {
    bytes: zipBytes,
    sha256: zipHash.digest('hex'),
    products: parts.map(({ product, stats }) => ({ id: product.id, records: stats.csv?.records ?? 0 })),
  };
}

async function moveIntoPlace(tempPath: string, destinationPath: string): Promise<void> {
  try {
    await rename(tempPath, destinationPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
      await rm(tempPath, { force: true });
      throw error;
    }
    // Temporary folder on another file system: copy next to the destination, then rename.
    const nearby = `${destinationPath}.tmp-${randomBytes(8).toString('hex')}`;
    try {
      await copyFile(tempPath, nearby);
      await rename(nearby, destinationPath);
    } finally {
      await rm(tempPath, { force: true });
      await rm(nearby, { force: true });
    }
  }
}
