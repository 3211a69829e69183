import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigration, DEFAULT_SCHEMA_PATH } from '../../scripts/migrate.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createPrisma } from './client.ts';
import { LIST_TABLES, REMEMBERED_TABLES } from './data-changes.ts';
import { applyMigrations, sqliteMigrationsCurrent } from './migrate.ts';
import { DEFAULT_MIGRATIONS_DIR, listMigrationNames, readMigrationsList } from './migrations-dir.ts';
import { CHANGES_TABLE } from './sqlite-changes.ts';

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: string | null;
  rolled_back_at: string | null;
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-migrate-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function readRows(path: string): MigrationRow[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT * FROM _prisma_migrations ORDER BY started_at').all() as MigrationRow[];
  } finally {
    db.close();
  }
}

describe('applyMigrations', () => {
  it('creates every table on a fresh file and records the migrations like prisma migrate', async () => {
    const path = join(dir, 'nested', 'fresh.db');
    const names = await listMigrationNames(DEFAULT_MIGRATIONS_DIR);
    expect(names.length).toBeGreaterThan(0);

    expect(await applyMigrations(`file:${path}`)).toEqual(names);

    const rows = readRows(path);
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(join(DEFAULT_MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
    const db = new Database(path, { readonly: true });
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((t) => t.name);
    db.close();
    expect(tables).toEqual(
      expect.arrayContaining(['User', 'Session', 'Invitation', 'DownloadJob', 'SimState']),
    );
  });

  it('gives the file the change token the remembered reads follow, also a file made before it', async () => {
    const path = join(dir, 'token.db');
    await applyMigrations(`file:${path}`);
    const triggers = () => {
      const db = new Database(path, { readonly: true });
      try {
        return db
          .prepare(
            "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'portal_changed_%'",
          )
          .all() as { name: string; tbl_name: string }[];
      } finally {
        db.close();
      }
    };
    const watched = new Set<string>([...REMEMBERED_TABLES, ...LIST_TABLES]);
    expect(new Set(triggers().map((trigger) => trigger.tbl_name))).toEqual(watched);
    expect(triggers()).toHaveLength(watched.size * 3);
    const db = new Database(path);
    for (const { name } of triggers()) db.exec(`DROP TRIGGER "${name}"`);
    db.exec(`DROP TABLE "${CHANGES_TABLE}"`);
    // A trigger of an older version (another name) is replaced, not kept beside the new ones.
    db.exec('CREATE TRIGGER "portal_changed_User_insert" AFTER INSERT ON "User" BEGIN SELECT 1; END');
    db.close();
    expect(triggers()).toHaveLength(1);
    expect(await applyMigrations(`file:${path}`)).toEqual([]);
    expect(triggers()).toHaveLength(watched.size * 3);
    expect(triggers().map((trigger) => trigger.name)).not.toContain('portal_changed_User_insert');
  });

  it('is idempotent', async () => {
    const url = `file:${join(dir, 'twice.db')}`;
    await applyMigrations(url);
    expect(await applyMigrations(url)).toEqual([]);
    expect(readRows(join(dir, 'twice.db'))).toHaveLength(
      (await listMigrationNames(DEFAULT_MIGRATIONS_DIR)).length,
    );
  });
});

describe('sqliteMigrationsCurrent (a start skips the schema engine when nothing is pending)', () => {
  it('is true only while the history records exactly the folders, finished and unchanged', async () => {
    const migrationsDir = join(dir, 'current-migrations');
    await cp(DEFAULT_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    const path = join(dir, 'current.db');
    const current = async () => sqliteMigrationsCurrent(path, await readMigrationsList(migrationsDir));

    expect(await current()).toBe(false); // no file yet
    await applyMigrations(`file:${path}`, { migrationsDir });
    expect(await current()).toBe(true);

    // A new folder is pending: the engine applies it.
    const added = join(migrationsDir, '20990101000000_added');
    await mkdir(added);
    await writeFile(join(added, 'migration.sql'), 'CREATE TABLE "Added" ("id" TEXT NOT NULL PRIMARY KEY);\n');
    expect(await current()).toBe(false);
    expect(await applyMigrations(`file:${path}`, { migrationsDir })).toEqual(['20990101000000_added']);
    expect(await current()).toBe(true);

    // An applied migration edited afterwards, or a failed one in the history: left to the engine.
    await writeFile(join(added, 'migration.sql'), 'CREATE TABLE "Added" ("id" TEXT);\n');
    expect(await current()).toBe(false);
    await writeFile(join(added, 'migration.sql'), 'CREATE TABLE "Added" ("id" TEXT NOT NULL PRIMARY KEY);\n');
    const db = new Database(path);
    db.prepare(
      "UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '20990101000000_added'",
    ).run();
    db.close();
    expect(await current()).toBe(false);
  });
});

describe('createPrisma', () => {
  it('opens the database in WAL mode with foreign keys, busy timeout and NORMAL sync', async () => {
    const path = join(dir, 'wal.db');
    await applyMigrations(`file:${path}`);
    const prisma = createPrisma(`file:${path}`);
    try {
      const pragma = async (name: string) => {
        const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
        return String(Object.values(rows[0] ?? {})[0]);
      };
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe('1');
      expect(await pragma('busy_timeout')).toBe('5000');
      expect(await pragma('synchronous')).toBe('1');
      await expect(
        prisma.session.create({
          data: {
            id: 'x',
            userId: 'missing',
            lastSeenAt: new Date(),
            expiresAt: new Date(),
            idleExpiresAt: new Date(),
          },
        }),
      ).rejects.toThrow();
    } finally {
      await prisma.$disconnect();
    }
    // WAL is a property of the file: a plain connection sees it too.
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    // A restart on the WAL file: migrations are a no-op and the client opens again.
    expect(await applyMigrations(`file:${path}`)).toEqual([]);
    const again = createPrisma(`file:${path}`);
    expect(await again.user.count()).toBe(0);
    await again.$disconnect();
  });
});

describe('createMigration', () => {
  it('finds nothing to do: prisma/migrations matches prisma/schema.prisma', async () => {
    // Fails when the schema was changed without `migrate.ts create <name>`.
    const migrationsDir = join(dir, 'in-sync');
    await cp(DEFAULT_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    expect(
      await createMigration('nothing', { schemaPath: DEFAULT_SCHEMA_PATH, migrationsDir, postgres: null }),
    ).toBeNull();
    expect(await listMigrationNames(migrationsDir)).toEqual(await listMigrationNames(DEFAULT_MIGRATIONS_DIR));
  });

  it('writes the schema difference as a new migration folder that applies', async () => {
    const migrationsDir = join(dir, 'migrations');
    await cp(DEFAULT_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    const schemaPath = join(dir, 'schema.prisma');

    const schema = await readFile(DEFAULT_SCHEMA_PATH, 'utf8');
    await writeFile(schemaPath, `${schema}\nmodel Note {\n  id   String @id\n  text String\n}\n`);
    const now = new Date('2099-01-02T03:04:05Z');
    const created = await createMigration('Add notes!', { schemaPath, migrationsDir, now, postgres: null });
    expect(created?.name).toBe('20990102030405_add_notes');
    expect(created?.sql).toContain('CREATE TABLE "Note"');
    expect(await readFile(join(migrationsDir, '20990102030405_add_notes', 'migration.sql'), 'utf8')).toBe(
      created?.sql,
    );

    const url = `file:${join(dir, 'next.db')}`;
    const applied = await applyMigrations(url, { migrationsDir });
    expect(applied.at(-1)).toBe('20990102030405_add_notes');
    expect(await createMigration('again', { schemaPath, migrationsDir, postgres: null })).toBeNull();
  });
});

describe('createTestDatabase', () => {
  it('gives each caller its own migrated database', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      expect(a.url).not.toBe(b.url);
      await a.prisma.user.create({ data: { email: 'a@example.com', fullName: 'A', role: 'user' } });
      expect(await a.prisma.user.count()).toBe(1);
      expect(await b.prisma.user.count()).toBe(0);
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
  });
});
