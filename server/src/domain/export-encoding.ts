import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FieldDefinition } from './field-catalogue.ts';
import type { FieldValue, TelemetryRecord } from './telemetry.ts';

// Streams records as CSV or as a JSON array, in batches, and measures what it wrote (record
// count, bytes, SHA-256) so the manifest can be written after the data.

export type ExportFormat = 'csv' | 'json';

export const CSV_LINE_END = '\r\n'; // RFC 4180
export const BATCH_RECORDS = 2048;

export interface FileStats {
  records: number;
  bytes: number;
  sha256: string;
}

interface Encoder {
  head: string;
  row(record: TelemetryRecord, first: boolean): string;
  tail(records: number): string;
}

function csvValue(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function jsonValue(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return JSON.stringify(value);
}

function encoderFor(format: ExportFormat, fields: readonly FieldDefinition[]): Encoder {
  const names = fields.map((field) => field.name);
  if (format === 'csv') {
    return {
      head: names.map(csvValue).join(',') + CSV_LINE_END,
      row(record) {
        let line = csvValue(record[names[0] ?? '']);
        for (let i = 1; i < names.length; i += 1) line += `,${csvValue(record[names[i] ?? ''])}`;
        return line + CSV_LINE_END;
      },
      tail: () => '',
    };
  }
  const keys = names.map((name) => `${JSON.stringify(name)}:`);
  return {
    head: '[',
    row(record, first) {
      let text = first ? '\n{' : ',\n{';
      for (let i = 0; i < names.length; i += 1) {
        text += (i === 0 ? '' : ',') + keys[i] + jsonValue(record[names[i] ?? '']);
      }
      return `${text}}`;
    },
    tail: (records) => (records === 0 ? ']\n' : '\n]\n'),
  };
}

/**
 * A Readable over the records in the chosen format. It pulls the next batch only when the
 * consumer asks for more (backpressure), and calls `onEnd` with the stats once fully read.
 * A failing record source destroys the stream with that error.
 */
export function encodeRecords(
  records: Iterator<TelemetryRecord>,
  format: ExportFormat,
  fields: readonly FieldDefinition[],
  onEnd: (stats: FileStats) => void,
): Readable {
  const encoder = encoderFor(format, fields);
  const hash = createHash('sha256');
  let count = 0;
  let bytes = 0;
  let started = false;
  let finished = false;

  const emit = (stream: Readable, text: string): boolean => {
    const chunk = Buffer.from(text, 'utf8');
    hash.update(chunk);
    bytes += chunk.length;
    return stream.push(chunk);
  };

  return new Readable({
    read() {
      if (finished) return;
      try {
        let text = started ? '' : encoder.head;
        started = true;
        for (;;) {
          let done = false;
          for (let i = 0; i < BATCH_RECORDS; i += 1) {
            const next = records.next();
            if (next.done) {
              done = true;
              break;
            }
            text += encoder.row(next.value, count === 0);
            count += 1;
          }
          if (done) {
            finished = true;
            emit(this, text + encoder.tail(count));
            onEnd({ records: count, bytes, sha256: hash.digest('hex') });
            this.push(null);
            return;
          }
          if (!emit(this, text)) return;
          text = '';
        }
      } catch (error) {
        finished = true;
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}
