import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BATCH_RECORDS, encodeRecords, type FileStats } from './export-encoding.ts';
import type { FieldDefinition } from './field-catalogue.ts';
import type { TelemetryRecord } from './telemetry.ts';

const fields: FieldDefinition[] = [
  { name: 'id', type: 'string', unit: null, description: '', personal: false },
  { name: 'value', type: 'number', unit: null, description: '', personal: false },
  { name: 'note', type: 'string', unit: null, description: '', personal: false },
];

async function collect(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function encode(records: TelemetryRecord[], format: 'csv' | 'json') {
  let stats: FileStats | undefined;
  const stream = encodeRecords(records[Symbol.iterator](), format, fields, (done) => {
    stats = done;
  });
  return { stream, stats: () => stats };
}

function* counting(total: number, pulled: { count: number }): Generator<TelemetryRecord> {
  for (let i = 0; i < total; i += 1) {
    pulled.count += 1;
    yield { id: `r${i}`, value: i, note: null };
  }
}

describe('encodeRecords', () => {
  const tricky: TelemetryRecord[] = [
    { id: 'a', value: 1.5, note: 'plain' },
    { id: 'b', value: Number.NaN, note: 'has, comma' },
    { id: 'c', value: -0.25, note: 'says "hi"\nand more' },
    { id: 'd', value: null, note: null },
  ];

  it('writes RFC 4180 CSV, quoting only where needed and leaving missing values empty', async () => {
    const { stream } = encode(tricky, 'csv');
    expect(await collect(stream)).toBe(
      'id,value,note\r\na,1.5,plain\r\nb,,"has, comma"\r\nc,-0.25,"says ""hi""\nand more"\r\nd,,\r\n',
    );
  });

  it('writes a JSON array that parses back, with null for missing numbers', async () => {
    const { stream } = encode(tricky, 'json');
    expect(JSON.parse(await collect(stream))).toEqual([
      { id: 'a', value: 1.5, note: 'plain' },
      { id: 'b', value: null, note: 'has, comma' },
      { id: 'c', value: -0.25, note: 'says "hi"\nand more' },
      { id: 'd', value: null, note: null },
    ]);
  });

  it('writes only the listed fields, in their order', async () => {
    let stats: FileStats | undefined;
    const stream = encodeRecords(
      [{ note: 'n', id: 'x', secret: 's', value: 2 }][Symbol.iterator](),
      'json',
      fields,
      (s) => {
        stats = s;
      },
    );
    const text = await collect(stream);
    expect(text).toBe('[\n{"id":"x","value":2,"note":"n"}\n]\n');
    expect(stats?.records).toBe(1);
  });

  it('writes a header only, or an empty array, for no records', async () => {
    expect(await collect(encode([], 'csv').stream)).toBe('id,value,note\r\n');
    expect(await collect(encode([], 'json').stream)).toBe('[]\n');
  });

  it('reports the record count, bytes and SHA-256 of what it wrote', async () => {
    for (const format of ['csv', 'json'] as const) {
      const pulled = { count: 0 };
      let stats: FileStats | undefined;
      const stream = encodeRecords(counting(1234, pulled), format, fields, (done) => {
        stats = done;
      });
      const text = await collect(stream);
      const bytes = Buffer.from(text, 'utf8');
      expect(stats).toEqual({
        records: 1234,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  });

  it('pulls records only as the reader asks for them', async () => {
    const pulled = { count: 0 };
    const stream = encodeRecords(counting(1_000_000, pulled), 'csv', fields, () => {});
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    // A batch or two fills the buffer; nothing near the million is generated ahead.
    expect(pulled.count).toBeLessThanOrEqual(3 * BATCH_RECORDS);
    stream.destroy();
  });

  it('fails the stream when the record source fails', async () => {
    function* broken(): Generator<TelemetryRecord> {
      yield { id: 'a', value: 1, note: null };
      throw new Error('source broke');
    }
    const stream = encodeRecords(broken(), 'csv', fields, () => {});
    await expect(collect(stream)).rejects.toThrow('source broke');
  });
});
