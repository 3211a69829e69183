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
  #names: string[];
  /** `{"name":` for the first field, `,"name":` for the others. */
  #keys: string[];
  #count = 0;

  constructor(fields: readonly FieldDefinition[]) {
    this.#names = fields.map((field) => field.name);
    this.csvHead = this.#names.map(csvQuoted).join(',') + CSV_LINE_END;
    this.#keys = this.#names.map((name, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
  }

  get records(): number {
    return this.#count;
  }

  /** Up to `limit` more records as CSV lines and JSON array items. A failing source throws. */
  next(records: Iterator<TelemetryRecord>, limit = BATCH_RECORDS): EncodedBatch {
    const names = this.#names;
    const keys = this.#keys;
    const last = names.length - 1;
    let csv = '';
    let json = '';
    let count = 0;
    while (count < limit) {
      const next = records.next();
      if (next.done) return this.#batch(csv, json, count, true);
      const record = next.value;
      json += this.#count + count === 0 ? '\n' : ',\n';
      for (let i = 0; i <= last; i += 1) {
        const value: FieldValue | undefined = record[names[i] as string];
        let cell: string;
        let item: string;
        if (typeof value === 'number') {
          cell = Number.isFinite(value) ? `${value}` : '';
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
        csv += i === last ? cell + CSV_LINE_END : `${cell},`;
        json += keys[i] + item;
      }
      json += '}';
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
