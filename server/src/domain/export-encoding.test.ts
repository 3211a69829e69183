import { describe, expect, it } from 'vitest';
import { BATCH_RECORDS, numberText, RecordEncoder } from './export-encoding.ts';
import type { FieldDefinition } from './field-catalogue.ts';
import type { TelemetryRecord } from './telemetry.ts';

const fields: FieldDefinition[] = [
  { name: 'id', type: 'string', unit: null, description: '', personal: false },
  { name: 'value', type: 'number', unit: null, description: '', personal: false },
  { name: 'note', type: 'string', unit: null, description: '', personal: false },
];

/** Both files' whole text, encoded batch by batch as the export writer does. */
function encode(records: Iterable<TelemetryRecord>, limit?: number) {
  const encoder = new RecordEncoder(fields);
  const source = records[Symbol.iterator]();
  let csv = encoder.csvHead;
  let json = encoder.jsonHead;
  let batches = 0;
  for (;;) {
    const batch = encoder.next(source, limit);
    csv += batch.csv;
    json += batch.json;
    batches += 1;
    if (batch.done) break;
  }
  return { csv, json: json + encoder.jsonTail(), records: encoder.records, batches };
}

function* counting(total: number, pulled: { count: number }): Generator<TelemetryRecord> {
  for (let i = 0; i < total; i += 1) {
    pulled.count += 1;
    yield { id: `r${i}`, value: i, note: null };
  }
}

describe('RecordEncoder', () => {
  const tricky: TelemetryRecord[] = [
    { id: 'a', value: 1.5, note: 'plain' },
    { id: 'b', value: Number.NaN, note: 'has, comma' },
    { id: 'c', value: -0.25, note: 'says "hi"\nand more' },
    { id: 'd', value: null, note: null },
    { id: 'e', value: Number.POSITIVE_INFINITY, note: 'back\\slash, tab\t and \u2028 and é' },
  ];

  it('writes RFC 4180 CSV, quoting only where needed and leaving missing values empty', () => {
    expect(encode(tricky).csv).toBe(
      'id,value,note\r\na,1.5,plain\r\nb,,"has, comma"\r\nc,-0.25,"says ""hi""\nand more"\r\nd,,\r\n' +
        'e,,"back\\slash, tab\t and \u2028 and é"\r\n',
    );
  });

  it('writes a JSON array that parses back, with null for missing numbers', () => {
    expect(JSON.parse(encode(tricky).json)).toEqual([
      { id: 'a', value: 1.5, note: 'plain' },
      { id: 'b', value: null, note: 'has, comma' },
      { id: 'c', value: -0.25, note: 'says "hi"\nand more' },
      { id: 'd', value: null, note: null },
      { id: 'e', value: null, note: 'back\\slash, tab\t and \u2028 and é' },
    ]);
  });

  it('escapes in JSON exactly as JSON.stringify does', () => {
    const notes = [
      'plain',
      'quote " here',
      'back\\slash',
      'control \u0001',
      'lone \ud800 surrogate',
      'é ü 😀',
    ];
    const { json } = encode(notes.map((note, i) => ({ id: `n${i}`, value: i, note })));
    const expected = notes.map((note, i) => `{"id":"n${i}","value":${i},"note":${JSON.stringify(note)}}`);
    expect(json).toBe(`[\n${expected.join(',\n')}\n]\n`);
  });

  it('writes only the listed fields, in their order', () => {
    const { csv, json, records } = encode([{ note: 'n', id: 'x', secret: 's', value: 2 }]);
    expect(csv).toBe('id,value,note\r\nx,2,n\r\n');
    expect(json).toBe('[\n{"id":"x","value":2,"note":"n"}\n]\n');
    expect(records).toBe(1);
  });

  it('writes a header only, or an empty array, for no records', () => {
    const { csv, json, records } = encode([]);
    expect(csv).toBe('id,value,note\r\n');
    expect(json).toBe('[]\n');
    expect(records).toBe(0);
  });

  it('counts records across batches and joins batches seamlessly', () => {
    const many = encode(counting(1234, { count: 0 }), 100);
    const whole = encode(counting(1234, { count: 0 }), 5000);
    expect(many.batches).toBe(13);
    expect(many.records).toBe(1234);
    expect(many.csv).toBe(whole.csv);
    expect(many.json).toBe(whole.json);
    expect(JSON.parse(many.json)).toHaveLength(1234);
  });

  it('pulls no more records than one batch', () => {
    const pulled = { count: 0 };
    const encoder = new RecordEncoder(fields);
    const batch = encoder.next(counting(1_000_000, pulled));
    expect(batch).toMatchObject({ records: BATCH_RECORDS, done: false });
    expect(pulled.count).toBe(BATCH_RECORDS);
  });

  it('writes numbers exactly as String does', () => {
    const numbers = [
      0, -0, 0.1, -0.1, 1.5, -12.3, 100, -100, 0.25, 1e-7, 123.45678, 99999999999999.9, 1e15, 1e21, -1e21,
    ];
    for (let i = -20_000; i <= 20_000; i += 1)
      numbers.push(i / 10, i / 100, Math.round(i * 0.37) / 10 + 0.05);
    for (const value of numbers) expect(numberText(value)).toBe(String(value));
  });

  it('passes a failing record source on', () => {
    function* broken(): Generator<TelemetryRecord> {
      yield { id: 'a', value: 1, note: null };
      throw new Error('source broke');
    }
    expect(() => encode(broken())).toThrow('source broke');
  });
});
