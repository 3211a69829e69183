// Snapshots of a world on PostgreSQL (team mode): each snapshot is a schema of its own in the world's
// database holding a copy of every table, taken in one REPEATABLE READ transaction (a consistent copy
// while other calls, on any instance, keep reading and writing). Restoring empties the tables in one
// TRUNCATE and copies the rows back in foreign-key order, in one transaction: every instance sees the
// old world or the restored one, never a mix. SQLite's snapshots (a backup file) are in snapshots.ts.
import { createHash } from 'node:crypto';
import type { PortalPrisma } from '../../db/client.ts';
import { quoteIdentifier } from '../../db/engine.ts';

/** Serialises snapshot saves and restores of one database across instances. */
const LOCK_KEY = 'portal:snapshots';
const TRANSACTION = { timeout: 120_000, maxWait: 30_000 } as const;

/** The schema holding snapshot `name` (derived, never the name itself). */
export const snapshotSchemaOf = (name: string): string =>
  `portal_snapshot_${createHash('sha256').update(name).digest('hex').slice(0, 32)}`;

type Tx = Pick<PortalPrisma, '$executeRawUnsafe' | '$queryRawUnsafe'>;

/**
 * Tables the database's triggers fill from other tables' rows (the pending exports per user, from the
 * download jobs): not copied, emptied with the world and filled again as its rows come back.
 */
const KEPT_BY_TRIGGERS = ['PendingExports'];

/**
 * The world's tables in the current schema, parents before children (foreign keys): all but the
 * migrations' bookkeeping, the team's call list (what developers did, not the world's data), the
 * built-in identity provider's records (sign-ins in flight and the team's cookie keys) and the tables
 * kept by triggers.
 */
async function tablesInInsertOrder(tx: Tx): Promise<string[]> {
  const tables = (
    await tx.$queryRawUnsafe<{ name: string }[]>(
      `SELECT tablename AS name FROM pg_tables
        WHERE schemaname = current_schema() AND tablename NOT IN ('_prisma_migrations', 'SimCall', 'ProviderRecord')
          AND NOT tablename = ANY($1::text[])
        ORDER BY tablename`,
      KEPT_BY_TRIGGERS,
    )
  ).map((row) => row.name);
  const references = await tx.$queryRawUnsafe<{ child: string; parent: string }[]>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const ref of references) if (ref.child === table) place(ref.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

const lock = (tx: Tx) =>
  tx.$queryRawUnsafe(`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS l`, LOCK_KEY);

/** Copies every table into the snapshot's schema (replacing an older snapshot of that name); answers its size. */
export async function savePostgresSnapshot(prisma: PortalPrisma, name: string): Promise<number> {
  const schema = quoteIdentifier(snapshotSchemaOf(name));
  return prisma.$transaction(async (tx) => {
    // One consistent view of every table (the first statement of the transaction sets it).
    await tx.$executeRawUnsafe('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await lock(tx);
    await tx.$executeRawUnsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await tx.$executeRawUnsafe(`CREATE SCHEMA ${schema}`);
    let bytes = 0;
    for (const table of await tablesInInsertOrder(tx)) {
      const copy = `${schema}.${quoteIdentifier(table)}`;
      await tx.$executeRawUnsafe(`CREATE TABLE ${copy} AS SELECT * FROM ${quoteIdentifier(table)}`);
      const [size] = await tx.$queryRawUnsafe<{ bytes: bigint }[]>(
        `SELECT pg_total_relation_size($1::regclass) AS bytes`,
        copy,
      );
      bytes += Number(size?.bytes ?? 0);
    }
    return bytes;
  }, TRANSACTION);
}

/** Puts the snapshot's rows back in place of every table's rows. False when there is no such snapshot. */
export async function restorePostgresSnapshot(prisma: PortalPrisma, name: string): Promise<boolean> {
  const schemaName = snapshotSchemaOf(name);
  const schema = quoteIdentifier(schemaName);
  return prisma.$transaction(async (tx) => {
    await lock(tx);
    const saved = new Set(
      (
        await tx.$queryRawUnsafe<{ name: string }[]>(
          `SELECT tablename AS name FROM pg_tables WHERE schemaname = $1`,
          schemaName,
        )
      ).map((row) => row.name),
    );
    if (saved.size === 0) return false;
    const tables = await tablesInInsertOrder(tx);
    await tx.$executeRawUnsafe(
      `TRUNCATE ${[...tables, ...KEPT_BY_TRIGGERS].map(quoteIdentifier).join(', ')}`,
    );
    for (const table of tables) {
      if (!saved.has(table)) continue;
      await tx.$executeRawUnsafe(
        `INSERT INTO ${quoteIdentifier(table)} SELECT * FROM ${schema}.${quoteIdentifier(table)}`,
      );
    }
    return true;
  }, TRANSACTION);
}

export async function dropPostgresSnapshot(prisma: PortalPrisma, name: string): Promise<void> {
  await prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS ${quoteIdentifier(snapshotSchemaOf(name))} CASCADE`);
}
