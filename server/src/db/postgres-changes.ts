// PostgreSQL's remembered reads follow each table they read (decision 0140, as SQLite's do by decision
// 0130): the database announces every change of a watched table by name (db/data-changes.ts), and which
// tables a statement reads is asked of PostgreSQL itself, once per SQL text: the relations its generic
// plan scans (EXPLAIN (FORMAT JSON), subplans and init plans included, an index scan counted as its
// table's). A change then drops only the remembered reads whose statement reads the changed table: a
// download job's progress keeps the invitation lists, a session's touch keeps the products.
import type pg from 'pg';
import type { DataWatch, RememberedLimit } from './data-changes.ts';

/** A plan node as EXPLAIN (FORMAT JSON) gives it (the fields read here). */
interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Plan nodes that read no relation of the database (their children are looked at all the same). */
const READS_NOTHING = new Set([
  'Result',
  'Values Scan',
  'CTE Scan',
  'Named Tuplestore Scan',
  'WorkTable Scan',
  'Subquery Scan',
]);

const PROBE = 'portal_tables_read';

/**
 * The tables the statement `sql` reads, as PostgreSQL's generic plan of it scans them, or undefined when
 * a node reads something that cannot be named (a function scan, which may read any table). The generic
 * plan (`plan_cache_mode = force_generic_plan`) is the one for any parameter values: a custom plan could
 * leave out a subquery that the values at hand make useless and other values need.
 */
export async function tablesRead(pool: pg.Pool, sql: string): Promise<string[] | undefined> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE ${PROBE} AS ${sql}`);
      try {
        const { rows } = await client.query<{ count: number }>(
          `SELECT cardinality(parameter_types) AS count FROM pg_prepared_statements WHERE name = '${PROBE}'`,
        );
        const count = rows[0]?.count ?? 0;
        const values = count > 0 ? `(${Array.from({ length: count }, () => 'NULL').join(', ')})` : '';
        const plan = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `EXPLAIN (FORMAT JSON) EXECUTE ${PROBE}${values}`,
        );
        const indexes = await client.query<{ index: string; table: string }>(
          `SELECT i.relname AS index, t.relname AS table FROM pg_index x
            JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid`,
        );
        const tableOf = new Map(indexes.rows.map((row) => [row.index, row.table]));
        const tables = new Set<string>();
        const visit = (node: PlanNode): boolean => {
          const relation = node['Relation Name'] ?? tableOf.get(node['Index Name'] ?? '');
          if (relation !== undefined) tables.add(relation);
          else if (!READS_NOTHING.has(node['Node Type'] ?? '') && node['Node Type']?.endsWith('Scan'))
            return false;
          return (node.Plans ?? []).every(visit);
        };
        const root = plan.rows[0]?.['QUERY PLAN'][0]?.Plan;
        return root && visit(root) ? [...tables].sort() : undefined;
      } finally {
        await client.query('ROLLBACK');
        await client.query(`DEALLOCATE ${PROBE}`);
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Rows remembered until a table their statement reads changes: kept per set of tables, and a change of a
 * table drops only the sets that hold it (a (re)connection of the listener, or a message naming no table,
 * drops everything). A read whose tables are unknown (`tables` undefined) is never kept. `since`: the
 * caller's request arrived then (performance.now()); every change committed before it is seen.
 * A read under way is shared like a kept row (decision 0142): a caller that misses while the same key is
 * being read, with no change of its tables received since that read was sent, waits for it rather than
 * sending the statement again, so the requests a change (a session's touch, any write under load) finds
 * waiting run one statement per key, not one each queued on the pool.
 */
export function createRememberedByTables(watch: DataWatch, limit: RememberedLimit = { max: 10_000 }) {
  /** What the memory last accounted for: the watch's `all` and each table's count. */
  let all = -1;
  const seen = new Map<string, number>();
  let used = 0;
  const sets = new Map<string, { tables: readonly string[]; rows: Map<string, unknown>; used: number }>();
  /** The reads under way, by set and key, with the changes received when each was sent. */
  const pending = new Map<string, { from: number; counts: number[]; row: Promise<unknown> }>();
  const clear = () => {
    sets.clear();
    used = 0;
  };
  /** Drops the sets that read a table changed since the last look (everything after a reset). */
  const catchUp = () => {
    const changes = watch.changes();
    if (changes.all !== all) {
      all = changes.all;
      seen.clear();
      for (const [table, count] of changes.tables) seen.set(table, count);
      clear();
      return;
    }
    const changed = new Set<string>();
    for (const [table, count] of changes.tables) {
      if (seen.get(table) === count) continue;
      seen.set(table, count);
      changed.add(table);
    }
    if (changed.size === 0) return;
    for (const [key, set] of sets) {
      if (!set.tables.some((table) => changed.has(table))) continue;
      used -= set.used;
      sets.delete(key);
    }
  };
  return async <T>(
    key: string,
    tables: readonly string[] | undefined,
    read: () => Promise<T>,
    since?: number,
  ): Promise<T> => {
    if (!tables || (await watch.fresh(since)) === undefined) return read();
    catchUp();
    const setKey = tables.join('\0');
    const kept = sets.get(setKey);
    if (kept?.rows.has(key)) return kept.rows.get(key) as T;
    const before = watch.changes();
    const from = before.all;
    const counts = tables.map((table) => before.tables.get(table) ?? 0);
    // Every change committed before `since` has been received (watch.fresh above): a read sent since the
    // last change of its tables sees all of them, as the row it will keep would.
    const pendingKey = `${setKey}\u0001${key}`;
    const under = pending.get(pendingKey);
    if (under && under.from === from && under.counts.every((count, at) => count === counts[at]))
      return under.row as Promise<T>;
    const reading = read();
    const entry = { from, counts, row: reading };
    pending.set(pendingKey, entry);
    let row: T;
    try {
      row = await reading;
    } finally {
      if (pending.get(pendingKey) === entry) pending.delete(pendingKey);
    }
    // A change of its tables received while reading may have come after the row was read: keep it only
    // if none did (and the listener stayed up).
    const after = watch.changes();
    if (
      watch.current() === undefined ||
      after.all !== from ||
      tables.some((table, at) => (after.tables.get(table) ?? 0) !== counts[at])
    )
      return row;
    catchUp();
    const weight = limit.weight?.(row) ?? 1;
    if (used + weight > limit.max) clear();
    let set = sets.get(setKey);
    if (!set) {
      set = { tables, rows: new Map(), used: 0 };
      sets.set(setKey, set);
    }
    set.rows.set(key, row);
    set.used += weight;
    used += weight;
    return row;
  };
}
