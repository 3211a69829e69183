import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommitWatch, watchWalIndex } from './wal-index-watch.ts';

describe('watchWalIndex', () => {
  let dir: string;
  let file: string;
  const opened: Database.Database[] = [];
  let watch: CommitWatch | undefined;
  const open = () => {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    opened.push(db);
    return db;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wal-watch-'));
    file = path.join(dir, 'data.db');
  });
  afterEach(() => {
    watch?.close();
    for (const db of opened.splice(0)) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says "may have" at first, then "no" until another connection commits, then "may have" once', () => {
    const reader = open();
    const writer = open();
    writer.exec('CREATE TABLE t (n INTEGER)');
    reader.prepare('SELECT count(*) FROM t').get();
    watch = watchWalIndex(reader.name, String(reader.pragma('journal_mode', { simple: true })));
    expect(watch.mayHaveCommitted()).toBe(true);
    expect(watch.mayHaveCommitted()).toBe(false);
    expect(watch.mayHaveCommitted()).toBe(false);
    writer.prepare('INSERT INTO t VALUES (1)').run();
    expect(watch.mayHaveCommitted()).toBe(true);
    expect(watch.mayHaveCommitted()).toBe(false);
    // A transaction that commits nothing, and a read, leave it as it was.
    writer.exec('BEGIN; SELECT 1; COMMIT;');
    writer.prepare('SELECT * FROM t').all();
    expect(watch.mayHaveCommitted()).toBe(false);
  });

  it('sees a commit of another process, and every commit across a checkpoint and a restart of the WAL', () => {
    const reader = open();
    const writer = open();
    writer.exec('CREATE TABLE t (n INTEGER)');
    watch = watchWalIndex(reader.name, 'wal');
    watch.mayHaveCommitted();
    const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    execFileSync(process.execPath, [
      '-e',
      `const D = require(${JSON.stringify(betterSqlite)}); const db = new D(${JSON.stringify(file)});` +
        ` db.prepare('INSERT INTO t VALUES (2)').run(); db.close();`,
    ]);
    expect(watch.mayHaveCommitted()).toBe(true);
    // A checkpoint copies pages back without a commit; the next commit restarts the WAL from its start.
    writer.pragma('wal_checkpoint(TRUNCATE)');
    watch.mayHaveCommitted();
    writer.prepare('INSERT INTO t VALUES (3)').run();
    expect(watch.mayHaveCommitted()).toBe(true);
    for (let n = 0; n < 20; n += 1) {
      writer.prepare('INSERT INTO t VALUES (?)').run(n);
      expect(watch.mayHaveCommitted()).toBe(true);
      if (n % 5 === 0) writer.pragma('wal_checkpoint(RESTART)');
    }
  });

  it('always says "may have" when the database is not in WAL mode or the index cannot be read', () => {
    const db = new Database(file);
    opened.push(db);
    db.pragma('journal_mode = DELETE');
    watch = watchWalIndex(db.name, String(db.pragma('journal_mode', { simple: true })));
    expect([watch.mayHaveCommitted(), watch.mayHaveCommitted()]).toEqual([true, true]);
    watch.close();
    watch = watchWalIndex(path.join(dir, 'missing.db'), 'wal');
    expect([watch.mayHaveCommitted(), watch.mayHaveCommitted()]).toEqual([true, true]);
    watch.close();
    watch = watchWalIndex(':memory:', 'memory');
    expect(watch.mayHaveCommitted()).toBe(true);
  });
});
