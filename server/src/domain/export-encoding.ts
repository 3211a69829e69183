import type { FieldDefinition } from './field-catalogue.ts';
import type { FieldValue, TelemetryRecord } from './telemetry.ts';

// Encodes records as CSV and as a JSON array at once: each record is generated once and each
// value turned into text once, then written into both files (decision 0035). Batches keep the
// number of chunks (and of stream hand-overs) low.

export const CSV_LINE_END = '\r\n'; // RFC 4180
export const BATCH_RECORDS = 1024;

export interface FileStats {
  records: number;
  bytes: number;
  sha256: string;
}

/**
 * Printable ASCII but `"`, `,` and `\`: needs no quoting in CSV nor escaping in JSON. The usual
 * case (timestamps, states); anything else takes the general path.
 */
const PLAIN = /^[\x20\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]*$/;

const csvQuoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * `String(value)`, faster for the usual reading rounded to tenths: its whole part and digit are
 * small integers, which V8 turns into text from a cache. Any other number takes `String`.
 */
export function numberText(value: number): string {
  const tenths = Math.round(value * 10);
  if (tenths / 10 !== value || tenths >= 1e15 || tenths <= -1e15) return `${value}`;
  const magnitude = tenths < 0 ? -tenths : tenths;
  const digit = magnitude % 10;
  const whole = (magnitude - digit) / 10;
  const text = digit === 0 ? `${whole}` : `${whole}.${digit}`;
  return tenths < 0 ? `-${text}` : text;
}

const NOT_SEEN = Symbol('not seen');

export interface EncodedBatch {
  csv: string;
  json: string;
  /** Records in this batch. */
  records: number;
  /** The source has no more records. */
  done: boolean;
}

/** Both files' text for a stream of records: the head, then batches, then the tail. */
export class RecordEncoder {
  readonly csvHead: string;
  readonly jsonHead = '[';
  private readonly names: string[];
  #count = 0;
  /** Per field: the previous record's value, and its text as a CSV cell and a JSON item. */
  private readonly lastValues: unknown[];
  private readonly cells: string[];
  /** `{"name":`, item, `,"name":`, item, …, `}`: a JSON object joined. */
  private readonly items: string[];

  constructor(fields: readonly FieldDefinition[]) {
    this.names = fields.map((field) => field.name);
    this.csvHead = this.names.map(csvQuoted).join(',') + CSV_LINE_END;
    this.lastValues = this.names.map(() => NOT_SEEN);
    this.cells = this.names.map(() => '');
    this.items = this.names.flatMap((name, i) => [`${i === 0 ? '{' : ','}${JSON.stringify(name)}:`, 'null']);
    this.items.push('}');
  }

  get records(): number {
    return this.#count;
  }

  /** Up to `limit` more records as CSV lines and JSON array items. A failing source throws. */
  next(records: Iterator<TelemetryRecord>, limit = BATCH_RECORDS): EncodedBatch {
    const { names, lastValues, cells, items } = this;
    let csv = '';
    let json = '';
    let count = 0;
    while (count < limit) {
      const next = records.next();
      if (next.done) return this.#batch(csv, json, count, true);
      const record = next.value;
      for (let i = 0; i < names.length; i += 1) {
        const value: FieldValue | undefined = record[names[i] as string];
        // Readings repeat most values while parked: then the text from the record before stays.
        if (value === lastValues[i]) continue;
        lastValues[i] = value;
        let cell: string;
        let item: string;
        if (typeof value === 'number') {
          cell = Number.isFinite(value) ? numberText(value) : '';
          item = cell === '' ? 'null' : cell;
        } else if (value === null || value === undefined) {
          cell = '';
          item = 'null';
        } else if (PLAIN.test(value)) {
          cell = value;
          item = `"${value}"`;
        } else {
          cell = csvQuoted(value);
          item = JSON.stringify(value);
        }
        cells[i] = cell;
        items[2 * i + 1] = item;
      }
      // join builds each line as one flat string: concatenating field by field made a short-lived
      // string per piece, and the garbage collector's work with them cost more than the encoding.
      csv += cells.join(',') + CSV_LINE_END;
      json += (this.#count + count === 0 ? '\n' : ',\n') + items.join('');
      count += 1;
    }
    return this.#batch(csv, json, count, false);
  }

  /** What closes the JSON array (the CSV has no tail). */
  jsonTail(): string {
    return this.#count === 0 ? ']\n' : '\n]\n';
  }

  #batch(csv: string, json: string, records: number, done: boolean): EncodedBatch {
    this.#count += records;
    return { csv, json, records, done };
  }
}
