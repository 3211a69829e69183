import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { type CollectionPeriod, normalisePeriods, type TimeWindow } from './collection-periods.ts';
import { DeflatedFile } from './deflated-file.ts';
import { type FileStats, RecordEncoder } from './export-encoding.ts';
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
import { ZipContainer } from './zip-container.ts';

// Builds an export zip: streamed to a temporary file and renamed into place only once
// complete, so a half-written export is never served. Each product's records are generated
// once and written as CSV and JSON together, the two files deflating on two threads while this
// one generates (decision 0035).

const deflateRawAsync = promisify(deflateRaw);

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
  const level = input.compressionLevel ?? 6;

  const file = createWriteStream(tempPath, { flags: 'wx' });
  let fileError: unknown = null;
  file.on('error', (error) => {
    fileError = error;
  });
  const zipHash = createHash('sha256');
  const zip = new ZipContainer((chunk) => {
    zipHash.update(chunk);
    file.write(chunk);
  });
  // Between batches: stop when asked to or when the disk failed, and let the disk catch up.
  const checkpoint = async () => {
    if (input.signal?.aborted) throw input.signal.reason ?? new Error('Export aborted');
    if (fileError) throw fileError;
    if (file.writableNeedDrain) await once(file, 'drain');
  };
  const addBuffer = async (path: string, buffer: Buffer) => {
    const deflated = await deflateRawAsync(buffer, { level });
    zip.beginEntry(path, generatedAt);
    zip.data(deflated);
    zip.endEntry(crc32(buffer), buffer.length);
  };

  const folders = productFolders(input.products);
  const parts = input.products.map((product, index) => ({
    product,
    folder: folders[index] ?? `products/${product.id}`,
    windows: normalisePeriods(product.periods, generatedAt),
  }));
  let records: number[] = [];
  let zipBytes = 0;
  try {
    await checkpoint();
    const dictionary = dictionaryEntries(input.products);
    const dictionaryFiles: ManifestFile[] = [];
    for (const [path, format, text] of [
      ['data-dictionary.csv', 'csv', dictionaryCsv(dictionary)],
      ['data-dictionary.json', 'json', dictionaryJson(dictionary)],
    ] as const) {
      const buffer = Buffer.from(text, 'utf8');
      dictionaryFiles.push(describeBuffer(path, format, buffer));
      await addBuffer(path, buffer);
    }
    const products = [];
    for (const part of parts) {
      const stats = await writeProductData(zip, part, { source, level, mtime: generatedAt, checkpoint });
      records.push(stats.csv.records);
      const files = (['csv', 'json'] as const).map((format) =>
        describeStats(`${part.folder}/data.${format}`, format, stats[format]),
      );
      products.push(productEntry({ ...part, records: stats.csv.records, files }));
    }
    // Last entry: every data file has been written and measured by now.
    const manifest = buildManifest({
      generatedAt,
      requestedBy: input.requestedBy,
      dataDictionary: dictionaryFiles,
      products,
    });
    await addBuffer('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
    await checkpoint();
    zipBytes = zip.finish();
    file.end();
    await finished(file);
  } catch (error) {
    records = [];
    file.destroy();
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await rm(tempPath, { force: true });
    throw error;
  }
  await moveIntoPlace(tempPath, destinationPath);
  return {
    bytes: zipBytes,
    sha256: zipHash.digest('hex'),
    products: parts.map(({ product }, index) => ({ id: product.id, records: records[index] ?? 0 })),
  };
}

interface DataOptions {
  source: RecordSource;
  level: number;
  mtime: Date;
  checkpoint: () => Promise<void>;
}

/**
 * A product's data.csv and data.json from one pass over its records. The CSV's deflated bytes
 * go into the zip as they come; the JSON's wait (deflated) until the CSV entry is closed.
 */
async function writeProductData(
  zip: ZipContainer,
  part: { product: ExportProduct; folder: string; windows: readonly TimeWindow[] },
  options: DataOptions,
): Promise<Record<'csv' | 'json', FileStats>> {
  const encoder = new RecordEncoder(
    fieldsFor(part.product.productType, { includePersonal: part.product.includeSensitiveData }),
  );
  const csv = new DeflatedFile(options.level);
  const json = new DeflatedFile(options.level);
  try {
    zip.beginEntry(`${part.folder}/data.csv`, options.mtime);
    csv.deliverTo((chunk) => zip.data(chunk));
    csv.write(encoder.csvHead);
    json.write(encoder.jsonHead);
    const records = options.source(part.product, part.windows);
    for (;;) {
      const batch = encoder.next(records);
      csv.write(batch.csv);
      json.write(batch.json);
      if (batch.done) break;
      // Backpressure: generate no further ahead than zlib and the disk take.
      await csv.drained();
      await json.drained();
      await options.checkpoint();
    }
    json.write(encoder.jsonTail());
    const csvStats = await csv.finished(encoder.records);
    zip.endEntry(csv.crc32, csv.bytes);
    zip.beginEntry(`${part.folder}/data.json`, options.mtime);
    json.deliverTo((chunk) => zip.data(chunk));
    const jsonStats = await json.finished(encoder.records);
    zip.endEntry(json.crc32, json.bytes);
    return { csv: csvStats, json: jsonStats };
  } catch (error) {
    csv.destroy();
    json.destroy();
    throw error;
  }
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
