import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readZip } from '@portal/test-support/zip';
import { describe, expect, it } from 'vitest';
import { day, exportCar, generatedAt } from '../../test/export-fixtures.ts';
import { useTempDir } from '../../test/temp-dir.ts';
import type { Manifest } from './export-manifest.ts';
import { type ExportProduct, writeExport } from './export-writer.ts';
import { recordsInWindows } from './telemetry.ts';

/** Every entry of a zip file, in order, with its content. */
async function readZipFile(path: string): Promise<{ name: string; data: Buffer }[]> {
  const entries = await readZip(await readFile(path));
  return [...entries].map(([name, data]) => ({ name, data }));
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const car = exportCar([
  { from: day('2025-03-01'), to: day('2025-03-02') },
  { from: new Date('2025-03-31T22:00:00Z'), to: null },
]);
const charger: ExportProduct = {
  id: 'wb-export-1',
  productType: 'WALLBOX',
  externalId: 'WB/2024 0001',
  label: 'Garage',
  periods: [{ from: day('2025-02-01'), to: day('2025-03-01') }],
  includeSensitiveData: true,
};
const idle: ExportProduct = {
  id: 'veh-export-2',
  productType: 'VEHICLE',
  externalId: 'VF1AG000000000002',
  label: 'Never enabled',
  periods: [],
  includeSensitiveData: true,
};

const tempDir = useTempDir('export-writer');

async function exportOf(products: ExportProduct[], name = 'export.zip') {
  const destinationPath = join(tempDir(), name);
  const summary = await writeExport({
    products,
    generatedAt,
    requestedBy: 'owner@example.com',
    destinationPath,
  });
  const entries = await readZipFile(destinationPath);
  const text = (entryName: string) =>
    entries.find((entry) => entry.name === entryName)?.data.toString('utf8') ?? '';
  const manifest = JSON.parse(text('manifest.json')) as Manifest;
  return { destinationPath, summary, entries, text, manifest };
}

const csvLines = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

describe('writeExport', () => {
  it('writes the dictionary, CSV and JSON per product, and the manifest last', async () => {
    const { entries, manifest } = await exportOf([car, charger]);
    expect(entries.map((entry) => entry.name)).toEqual([
      'data-dictionary.csv',
      'data-dictionary.json',
      'products/vehicle-WVWZZZ1JZXW000001/data.csv',
      'products/vehicle-WVWZZZ1JZXW000001/data.json',
      'products/wallbox-WB_2024_0001/data.csv',
      'products/wallbox-WB_2024_0001/data.json',
      'manifest.json',
    ]);
    expect(manifest.generatedAt).toBe('2025-04-01T00:00:00.000Z');
    expect(manifest.requestedBy).toBe('owner@example.com');
    expect(manifest.formatVersion).toBe('1.0');
  });

  it('leaves personal columns and keys out entirely unless they were shared', async () => {
    const { text } = await exportOf([car, charger]);
    const carHeader = csvLines(text('products/vehicle-WVWZZZ1JZXW000001/data.csv'))[0];
    expect(carHeader).toBe(
      'timestamp,vehicle_state,odometer_km,speed_kmh,heading_deg,state_of_charge_pct,estimated_range_km,charging_state,charging_power_kw,battery_temperature_c,outside_temperature_c',
    );
    const carJson = JSON.parse(text('products/vehicle-WVWZZZ1JZXW000001/data.json')) as Record<
      string,
      unknown
    >[];
    expect(carJson.every((record) => !('latitude' in record) && !('longitude' in record))).toBe(true);
    expect(text('products/vehicle-WVWZZZ1JZXW000001/data.json')).not.toMatch(/latitude|longitude/);
    expect(csvLines(text('products/wallbox-WB_2024_0001/data.csv'))[0]).toContain(',card_id');
    const chargerJson = JSON.parse(text('products/wallbox-WB_2024_0001/data.json')) as Record<
      string,
      unknown
    >[];
    expect(chargerJson.every((record) => 'card_id' in record)).toBe(true);

    const shared = await exportOf(
      [
        { ...car, includeSensitiveData: true },
        { ...charger, includeSensitiveData: false },
      ],
      'b.zip',
    );
    expect(csvLines(shared.text('products/vehicle-WVWZZZ1JZXW000001/data.csv'))[0]).toContain(
      'heading_deg,latitude,longitude,',
    );
    expect(csvLines(shared.text('products/wallbox-WB_2024_0001/data.csv'))[0]).not.toContain('card_id');
    expect(shared.text('products/wallbox-WB_2024_0001/data.json')).not.toContain('card_id');
    expect(shared.manifest.products.map((product) => product.omittedFields)).toEqual([[], ['card_id']]);
  });

  it('describes only the included fields in the data dictionary', async () => {
    const { text } = await exportOf([car]);
    const dictionary = JSON.parse(text('data-dictionary.json')) as {
      fields: { name: string; productType: string }[];
    };
    const names = dictionary.fields.map((field) => field.name);
    expect(names).toContain('odometer_km');
    expect(names).not.toContain('latitude');
    expect(dictionary.fields.every((field) => field.productType === 'VEHICLE')).toBe(true);
    const csv = csvLines(text('data-dictionary.csv'));
    expect(csv[0]).toBe('product_type,field,type,unit,personal,allowed_values,description');
    expect(csv).toHaveLength(names.length + 1);
  });

  it('counts in the manifest exactly the records in the files, inside the collection windows', async () => {
    const { manifest, text, summary } = await exportOf([car, charger]);
    for (const product of manifest.products) {
      const lines = csvLines(text(`${product.folder}data.csv`));
      const json = JSON.parse(text(`${product.folder}data.json`)) as unknown[];
      expect(lines.length - 1).toBe(product.records);
      expect(json).toHaveLength(product.records);
    }
    const [carEntry, chargerEntry] = manifest.products;
    // 1 day + the 2 hours up to generatedAt of the open period, one reading a minute
    expect(carEntry?.records).toBe(1440 + 120);
    expect(carEntry?.timeWindows).toEqual([
      { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' },
      { from: '2025-03-31T22:00:00.000Z', to: '2025-04-01T00:00:00.000Z' },
    ]);
    expect(carEntry?.personalDataIncluded).toBe(false);
    expect(chargerEntry?.personalDataIncluded).toBe(true);
    expect(chargerEntry?.records).toBeGreaterThan(5);
    expect(summary.products).toEqual([
      { id: car.id, records: 1560 },
      { id: charger.id, records: chargerEntry?.records },
    ]);
    expect(manifest.totals).toEqual({ products: 2, records: 1560 + (chargerEntry?.records ?? 0) });
  });

  it('exports the same values the telemetry gives', async () => {
    const { text } = await exportOf([{ ...car, includeSensitiveData: true }]);
    const json = JSON.parse(text('products/vehicle-WVWZZZ1JZXW000001/data.json')) as unknown[];
    const windows = [{ from: day('2025-03-01').getTime(), to: day('2025-03-02').getTime() }];
    expect(json.slice(0, 1440)).toEqual([...recordsInWindows(car, windows)]);
  });

  it('records checksums and sizes that match the files', async () => {
    const { manifest, entries, summary, destinationPath } = await exportOf([car, charger]);
    const files = [...manifest.dataDictionary, ...manifest.products.flatMap((product) => product.files)];
    expect(files).toHaveLength(6);
    for (const file of files) {
      const entry = entries.find((candidate) => candidate.name === file.path);
      expect(entry, file.path).toBeDefined();
      expect(file.bytes).toBe(entry?.data.length);
      expect(file.sha256).toBe(sha256(entry?.data ?? Buffer.alloc(0)));
    }
    const zip = await readFile(destinationPath);
    expect(summary.bytes).toBe(zip.length);
    expect(summary.sha256).toBe(sha256(zip));
  });

  it('lists a product without data explicitly, with empty files and a note', async () => {
    const { manifest, text } = await exportOf([
      idle,
      { ...car, periods: [{ from: day('2010-01-01'), to: day('2010-02-01') }] },
    ]);
    const [never, old] = manifest.products;
    expect(never).toMatchObject({ id: idle.id, records: 0, timeWindows: [] });
    expect(never?.note).toMatch(/not enabled/);
    expect(old?.records).toBe(0);
    expect(old?.note).toMatch(/no data/);
    expect(csvLines(text(`${never?.folder}data.csv`))).toHaveLength(1);
    expect(text(`${never?.folder}data.json`)).toBe('[]\n');
    expect(manifest.products.map((product) => product.files.length)).toEqual([2, 2]);
  });

  it('writes CSV and JSON that agree row by row over many batches (three weeks)', async () => {
    const weeks = exportCar([{ from: day('2025-03-01'), to: day('2025-03-22') }]);
    const { text, manifest, summary } = await exportOf([weeks], 'weeks.zip');
    const folder = 'products/vehicle-WVWZZZ1JZXW000001';
    const lines = csvLines(text(`${folder}/data.csv`));
    const rows = JSON.parse(text(`${folder}/data.json`)) as Record<string, unknown>[];
    expect(rows).toHaveLength(21 * 1440);
    expect(lines).toHaveLength(rows.length + 1);
    expect(manifest.products[0]?.records).toBe(rows.length);
    expect(summary.products[0]?.records).toBe(rows.length);
    const header = (lines[0] ?? '').split(',');
    for (const index of [0, 2047, 2048, rows.length - 1]) {
      const fromJson = header.map((name) => String(rows[index]?.[name] ?? ''));
      expect(lines[index + 1]).toBe(fromJson.join(','));
    }
  });

  it('keeps folder names unique when external ids collide', async () => {
    const { entries } = await exportOf([car, { ...car, id: 'other' }]);
    expect(entries.map((entry) => entry.name)).toContain('products/vehicle-WVWZZZ1JZXW000001-2/data.csv');
  });

  it('writes byte-identical exports for the same input', async () => {
    const first = await exportOf([car, charger], 'one.zip');
    const second = await exportOf([car, charger], 'two.zip');
    expect(second.summary.sha256).toBe(first.summary.sha256);
  });
});
