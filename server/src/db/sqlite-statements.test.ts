import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BOUND, prepareRead } from './sqlite-statements.ts';

describe('prepareRead', () => {
  let db: Database.Database | undefined;
  afterEach(() => db?.close());

  it('refuses a bare ? placeholder, wherever it is', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)');
    expect(() => prepareRead(db as Database.Database, 'SELECT id FROM t WHERE id = ?')).toThrow(
      /binds its values as \+\?/,
    );
    expect(() => prepareRead(db as Database.Database, 'SELECT id FROM t LIMIT ?')).toThrow(/\+\?/);
    expect(() => prepareRead(db as Database.Database, '?')).toThrow(/\+\?/);
  });

  it('answers what a bare ? answered: the column affinity applies to the value as before', () => {
    db = new Database(':memory:');
    db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, at DATETIME, n INTEGER);
      INSERT INTO t VALUES ('1', '2025-01-15T00:00:00.000+00:00', 1), ('2', '2025-06-01T00:00:00.000+00:00', 2),
        ('10', '2026-01-01T00:00:00.000+00:00', 10)`);
    const wheres = ['id = ?', 'n = ?', 'n < ?', 'at <= ?', 'id > ?'];
    const values = ['1', 1, '2', 2, 10, '10', '2025-06-01T00:00:00.000+00:00', 'x'];
    for (const where of wheres) {
      const bare = db.prepare(`SELECT id FROM t WHERE ${where} ORDER BY id`);
      const plus = prepareRead(db, `SELECT id FROM t WHERE ${where.replace('?', BOUND)} ORDER BY id`);
      for (const value of values)
        expect([where, value, plus.all(value)]).toEqual([where, value, bare.all(value)]);
    }
    const page = prepareRead<[number], { id: string }>(db, `SELECT id FROM t ORDER BY n LIMIT ${BOUND}`);
    expect(page.all(2).map((row) => row.id)).toEqual(['1', '2']);
  });
});
