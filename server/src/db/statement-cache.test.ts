import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { withStatementCache } from './statement-cache.ts';

// Prisma's adapter prepares every query anew; the cache hands it one prepared statement per SQL text
// (db/statement-cache.ts). What the adapter reads and writes must not change.
const open: Array<{ close(): unknown }> = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function database() {
  const db = new Database(':memory:');
  db.defaultSafeIntegers(true);
  db.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size REAL)');
  open.push(db);
  return db;
}

describe('the statement cache under Prisma’s adapter', () => {
  it('prepares a SQL text once and runs it with each call’s arguments', () => {
    const db = database();
    const prepare = vi.spyOn(db, 'prepare');
    const cached = withStatementCache(db);
    const insert = 'INSERT INTO item (name, size) VALUES (?, ?)';
    expect(cached.prepare(insert).bind(['a', 1.5]).run().changes).toBe(1);
    cached.prepare(insert).bind(['b', 2]).run();
    const select = 'SELECT id, name, size FROM item WHERE name = ?';
    const first = cached.prepare(select).bind(['a']);
    expect(first.reader).toBe(true);
    expect(first.columns().map((column) => [column.name, column.type])).toEqual([
      ['id', 'INTEGER'],
      ['name', 'TEXT'],
      ['size', 'REAL'],
    ]);
    expect(first.raw().all()).toEqual([[1n, 'a', 1.5]]);
    expect(cached.prepare(select).bind(['b']).raw().all()).toEqual([[2n, 'b', 2]]);
    expect(cached.prepare(select).bind(['none']).raw().all()).toEqual([]);
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([
      'INSERT INTO item (name, size) VALUES (+?, +?)',
      'SELECT id, name, size FROM item WHERE name = +?',
    ]);
  });

  it('passes everything else to the database (exec, transactions, close)', () => {
    const db = database();
    const cached = withStatementCache(db);
    cached.exec("INSERT INTO item (name) VALUES ('x')");
    cached.prepare('BEGIN').run();
    cached.prepare('INSERT INTO item (name) VALUES (?)').bind(['y']).run();
    cached.prepare('ROLLBACK').run();
    expect(db.prepare('SELECT name FROM item').pluck().all()).toEqual(['x']);
    expect(cached.open).toBe(true);
  });

  it('keeps at most 500 texts, dropping the least recently used', () => {
    const db = database();
    const prepare = vi.spyOn(db, 'prepare');
    const cached = withStatementCache(db);
    const text = (n: number) => `SELECT ${n} AS n`;
    for (let n = 0; n <= 500; n++) cached.prepare(text(n)).bind([]).raw().all();
    cached.prepare(text(500)).bind([]).raw().all(); // still kept
    cached.prepare(text(0)).bind([]).raw().all(); // dropped first, prepared again
    expect(prepare).toHaveBeenCalledTimes(502);
  });
});

describe('Prisma over the cached statements', () => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.cleanup();
    test = undefined;
  });

  it('reads, writes and rolls back as before', async () => {
    test = await createTestDatabase({ seed: true });
    const { prisma } = test;
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
    for (const fullName of ['First Name', 'Second Name']) {
      await prisma.user.update({ where: { id: owner.id }, data: { fullName } });
      expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).fullName).toBe(fullName);
    }
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.user.update({ where: { id: owner.id }, data: { fullName: 'Rolled Back' } });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).fullName).toBe('Second Name');
    const counted = await prisma.product.count({ where: { ownerId: { in: [owner.id, 'nobody'] } } });
    expect(counted).toBeGreaterThan(0);
  });

  it('prepares a repeated query only once', async () => {
    test = await createTestDatabase({ seed: true });
    const { prisma } = test;
    const read = () => prisma.user.findUnique({ where: { email: 'admin@example.com' } });
    await read();
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    for (let i = 0; i < 5; i++) expect((await read())?.role).toBe('admin');
    expect(prepare).not.toHaveBeenCalled();
    prepare.mockRestore();
  });
});
