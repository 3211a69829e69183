// Prisma's better-sqlite3 adapter prepares a new SQLite statement for every query and lets it be
// finalised after one use; a CPU profile of `findUnique` in a loop put about 20 % of the time in
// `prepare` alone (and 45 % in the adapter with the statement's execution). The SQL Prisma sends
// is parameterised, so the same few hundred texts come back again and again: this keeps each
// prepared statement and runs it with the new arguments. Behaviour is unchanged: the adapter reads
// the same columns, declared types and raw rows, and writes run the same statement (its values bound
// as `+?`, which SQLite reads alike without compiling the statement again on every run).
import type Database from 'better-sqlite3';
import { lookAgain } from './read-freshness.ts';
import { withUnaryPlus } from './sqlite-statements.ts';

/** How many distinct SQL texts are kept (Prisma's `IN (?, ?, …)` lists make a text per length). */
const MAX_STATEMENTS = 500;

/** The part of a better-sqlite3 statement Prisma's adapter uses. */
interface AdapterStatement {
  readonly reader: boolean;
  columns(): Database.ColumnDefinition[];
  bind(args: unknown[]): AdapterStatement;
  raw(): { all(): unknown[][] };
  run(): Database.RunResult;
}

interface Prepared {
  statement: Database.Statement<unknown[]>;
  columns: Database.ColumnDefinition[];
}

/**
 * The database as Prisma's adapter sees it, with `prepare` answered from a cache of statements.
 * Everything else (exec, transactions, close, pragmas) goes to the database itself.
 */
export function withStatementCache(db: Database.Database): Database.Database {
  const cache = new Map<string, Prepared>();
  const prepared = (sql: string): Prepared => {
    let entry = cache.get(sql);
    if (entry) {
      // Most recently used last: the first key is the one to drop when full.
      cache.delete(sql);
      cache.set(sql, entry);
      return entry;
    }
    // Values bound as `+?`: with a bare `?` SQLite compiled Prisma's statements again on every run
    // (db/sqlite-statements.ts, decision 0065).
    const statement = db.prepare<unknown[]>(withUnaryPlus(sql));
    if (statement.reader) statement.raw(true);
    entry = { statement, columns: statement.reader ? statement.columns() : [] };
    cache.set(sql, entry);
    if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
    return entry;
  };
  // Any statement may have committed (a write, `INSERT … RETURNING`, a COMMIT): the remembered reads look
  // again afterwards (db/read-freshness.ts).
  const handle = (entry: Prepared, args: unknown[]): AdapterStatement => ({
    reader: entry.statement.reader,
    columns: () => entry.columns,
    bind: (next) => handle(entry, next),
    raw: () => ({
      all: () => {
        try {
          return entry.statement.all(args) as unknown[][];
        } finally {
          lookAgain();
        }
      },
    }),
    run: () => {
      try {
        return entry.statement.run(args);
      } finally {
        lookAgain();
      }
    },
  });
  const exec = (sql: string) => {
    try {
      return db.exec(sql);
    } finally {
      lookAgain();
    }
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return (sql: string) => handle(prepared(sql), []);
      if (property === 'exec') return exec;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
