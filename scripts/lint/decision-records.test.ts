import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/: every record short (context, decision, consequences; figures live in
// docs/benchmarks.md) and listed in the index of docs/decisions/README.md with its own title and status.

const decisionsDir = path.resolve(import.meta.dirname, '../../docs/decisions');
const MAX_RECORD_BYTES = 4096;

interface Record {
  file: string;
  bytes: number;
  title: string;
  status: string;
}

/** A record's title (after `# N. `) and its Status paragraph on one line. */
function readRecord(file: string, text: string): Record {
  const title = /^# \d+\. (.+)$/m.exec(text)?.[1]?.trim() ?? '';
  const status = /^Status: ((?:.+\n?)+?)(?:\n|$)/m.exec(text)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
  return { file, bytes: Buffer.byteLength(text), title, status };
}

/** The index rows of the README: link target, decision and status columns. */
function indexRows(readme: string): Map<string, { title: string; status: string }> {
  const rows = new Map<string, { title: string; status: string }>();
  for (const match of readme.matchAll(/^\| \[\d{4}\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/gm)) {
    const [, file = '', title = '', status = ''] = match;
    rows.set(file, { title: title.trim(), status: status.trim() });
  }
  return rows;
}

const records = readdirSync(decisionsDir)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .map((name) => readRecord(name, readFileSync(path.join(decisionsDir, name), 'utf8')));

describe('decision records', () => {
  it('reads a record and an index row the way they are written', () => {
    const record = readRecord(
      '0099-x.md',
      '# 99. A choice\n\nDate: 2026-11-26\nStatus: accepted; superseded in part\nby 0100\n\n## Context\n',
    );
    expect(record).toMatchObject({ title: 'A choice', status: 'accepted; superseded in part by 0100' });
    const rows = indexRows('| [0099](0099-x.md) | A choice | accepted; superseded in part by 0100 |\n');
    expect(rows.get('0099-x.md')).toEqual({
      title: 'A choice',
      status: 'accepted; superseded in part by 0100',
    });
  });

  it('are at most 4 kB each, with a title and a status', () => {
    expect(records.length).toBeGreaterThan(30);
    const offenders = records.filter(
      (record) => record.bytes > MAX_RECORD_BYTES || !record.title || !record.status,
    );
    expect(offenders.map((record) => `${record.file}: ${record.bytes} bytes`)).toEqual([]);
  });

  it('are each listed in docs/decisions/README.md with their own title and status', () => {
    const rows = indexRows(readFileSync(path.join(decisionsDir, 'README.md'), 'utf8'));
    const expected = Object.fromEntries(
      records.map((record) => [record.file, { title: record.title, status: record.status }]),
    );
    // A record missing here: add `| [NNNN](file) | title | status |` to the README's index.
    expect(Object.fromEntries(rows)).toEqual(expected);
  });
});
