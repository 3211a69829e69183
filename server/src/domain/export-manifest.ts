import { createHash } from 'node:crypto';
import type { TimeWindow } from './collection-periods.ts';
import { windowsToIso } from './collection-periods.ts';
import { CSV_LINE_END, type FileStats } from './export-encoding.ts';
import { FIELD_CATALOGUE, type FieldDefinition, type ProductType } from './field-catalogue.ts';

// What an export says about itself: the data dictionary (fields actually included) and the
// manifest (windows covered, record counts, personal data, checksums).

export const EXPORT_FORMAT_VERSION = '1.0';

export interface ManifestFile {
  path: string;
  format: 'csv' | 'json';
  bytes: number;
  sha256: string;
}

export interface ManifestProduct {
  id: string;
  productType: ProductType;
  externalId: string;
  label: string;
  folder: string;
  timeWindows: { from: string; to: string }[];
  records: number;
  personalDataIncluded: boolean;
  omittedFields: string[];
  files: ManifestFile[];
  note?: string;
}

export interface Manifest {
  formatVersion: string;
  generatedAt: string;
  requestedBy: string;
  timestamps: string;
  csv: { encoding: string; delimiter: string; lineTerminator: string; header: boolean };
  json: { encoding: string; layout: string };
  dataDictionary: ManifestFile[];
  products: ManifestProduct[];
  totals: { products: number; records: number };
}

/** Folder names inside the zip: readable, safe, and unique within one export. */
export function productFolders(
  products: readonly { productType: ProductType; externalId: string }[],
): string[] {
  const used = new Set<string>();
  return products.map((product) => {
    const safe = product.externalId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || 'product';
    const base = `products/${product.productType.toLowerCase()}-${safe}`;
    let folder = base;
    for (let n = 2; used.has(folder); n += 1) folder = `${base}-${n}`;
    used.add(folder);
    return folder;
  });
}

export interface DictionaryEntry extends FieldDefinition {
  productType: ProductType;
}

/** Catalogue fields of the product types present, personal ones only where some product includes them. */
export function dictionaryEntries(
  products: readonly { productType: ProductType; includeSensitiveData: boolean }[],
): DictionaryEntry[] {
  const entries: DictionaryEntry[] = [];
  for (const productType of ['VEHICLE', 'WALLBOX'] as const) {
    const ofType = products.filter((product) => product.productType === productType);
    if (ofType.length === 0) continue;
    const personal = ofType.some((product) => product.includeSensitiveData);
    for (const field of FIELD_CATALOGUE[productType]) {
      if (!field.personal || personal) entries.push({ productType, ...field });
    }
  }
  return entries;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function dictionaryCsv(entries: readonly DictionaryEntry[]): string {
  const header = ['product_type', 'field', 'type', 'unit', 'personal', 'allowed_values', 'description'];
  const rows = entries.map((entry) =>
    [
      entry.productType,
      entry.name,
      entry.type,
      entry.unit ?? '',
      entry.personal ? 'yes' : 'no',
      entry.values?.join('|') ?? '',
      entry.description,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...rows].map((line) => line + CSV_LINE_END).join('');
}

export function dictionaryJson(entries: readonly DictionaryEntry[]): string {
  const fields = entries.map((entry) => ({
    productType: entry.productType,
    name: entry.name,
    type: entry.type,
    unit: entry.unit,
    personal: entry.personal,
    ...(entry.values ? { allowedValues: entry.values } : {}),
    description: entry.description,
  }));
  return `${JSON.stringify({ formatVersion: EXPORT_FORMAT_VERSION, fields }, null, 2)}\n`;
}

export function describeBuffer(path: string, format: 'csv' | 'json', buffer: Buffer): ManifestFile {
  return { path, format, bytes: buffer.length, sha256: createHash('sha256').update(buffer).digest('hex') };
}

export function describeStats(path: string, format: 'csv' | 'json', stats: FileStats): ManifestFile {
  return { path, format, bytes: stats.bytes, sha256: stats.sha256 };
}

/** Why a product has no records, in words for the manifest. */
export function noDataNote(windows: readonly TimeWindow[]): string {
  return windows.length === 0
    ? 'Data collection was not enabled for this product in the exported time range, so no data is included.'
    : 'The product produced no data in the time windows covered, so the data files hold no records.';
}

export function productEntry(input: {
  product: {
    id: string;
    productType: ProductType;
    externalId: string;
    label: string;
    includeSensitiveData: boolean;
  };
  folder: string;
  windows: readonly TimeWindow[];
  records: number;
  files: ManifestFile[];
}): ManifestProduct {
  const { product } = input;
  const omitted = product.includeSensitiveData
    ? []
    : FIELD_CATALOGUE[product.productType].filter((field) => field.personal).map((field) => field.name);
  return {
    id: product.id,
    productType: product.productType,
    externalId: product.externalId,
    label: product.label,
    folder: `${input.folder}/`,
    timeWindows: windowsToIso(input.windows),
    records: input.records,
    personalDataIncluded: product.includeSensitiveData,
    omittedFields: omitted,
    files: input.files,
    ...(input.records === 0 ? { note: noDataNote(input.windows) } : {}),
  };
}

export function buildManifest(input: {
  generatedAt: Date;
  requestedBy: string;
  dataDictionary: ManifestFile[];
  products: ManifestProduct[];
}): Manifest {
  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    generatedAt: input.generatedAt.toISOString(),
    requestedBy: input.requestedBy,
    timestamps: 'ISO 8601, UTC',
    csv: { encoding: 'UTF-8', delimiter: ',', lineTerminator: 'CRLF', header: true },
    json: {
      encoding: 'UTF-8',
      layout: 'One JSON array per product, one object per record, keys as in the CSV header',
    },
    dataDictionary: input.dataDictionary,
    products: input.products,
    totals: {
      products: input.products.length,
      records: input.products.reduce((sum, product) => sum + product.records, 0),
    },
  };
}
