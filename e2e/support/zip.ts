import { readFile } from 'node:fs/promises';
import { readZip as readBuffer } from '@portal/test-support/zip';

/** A downloaded zip, read whole into memory: its entry names and each entry's text. */
export type ZipContents = {
  entries: string[];
  text(name: string): string;
};

/** Reads every entry of a zip file (small exports only: everything is kept in memory). */
export async function readZip(file: string): Promise<ZipContents> {
  const all = await readBuffer(await readFile(file));
  const files = new Map([...all].filter(([name]) => !name.endsWith('/')));
  return {
    entries: [...files.keys()].sort(),
    text(name) {
      const content = files.get(name);
      if (!content) throw new Error(`The zip has no entry ${name}; it has ${[...files.keys()].join(', ')}`);
      return content.toString('utf8');
    },
  };
}

/** The header row of a CSV entry, as column names. */
export function csvHeader(zip: ZipContents, name: string): string[] {
  const [first = ''] = zip.text(name).split(/\r?\n/, 1);
  return first.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
}

export type ManifestProduct = {
  id: string;
  productType: 'VEHICLE' | 'WALLBOX';
  externalId: string;
  folder: string;
  records: number;
  personalDataIncluded: boolean;
  omittedFields: string[];
  files: { path: string; format: 'csv' | 'json' }[];
};

export type Manifest = { products: ManifestProduct[]; totals: { products: number; records: number } };

export function readManifest(zip: ZipContents): Manifest {
  return JSON.parse(zip.text('manifest.json')) as Manifest;
}
