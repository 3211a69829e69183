// Offline access to Prisma's schema engine (the same engine `prisma migrate` uses),
// through its WebAssembly build and a driver adapter: better-sqlite3 for SQLite, pg for PostgreSQL.
//
// The package's entry point imports the .wasm file as an ES module, which needs
// `node --experimental-wasm-modules` on Node 20/22. We instantiate the module
// ourselves instead (exactly what the generated entry point does), so this works
// on every supported Node version, in vitest workers and in plain scripts alike.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import type * as Engine from '@prisma/schema-engine-wasm/schema_engine_bg';
import { isPostgres, quoteIdentifier } from './engine.ts';
import { loadPg, loadPrismaPg } from './postgres-driver.ts';
import { postgresPoolConfig } from './postgres-pool.ts';

export type SchemaEngine = Engine.SchemaEngine;
export type SchemaFilter = Engine.SchemaFilter;

export const EMPTY_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

type EngineModule = typeof Engine;

/** The part of the WebAssembly global we use (not in the ES2023 lib without DOM). */
interface WasmApi {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, unknown>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let loading: Promise<EngineModule> | undefined;

/** Loads and starts the WebAssembly module once per process. */
export function loadSchemaEngineModule(): Promise<EngineModule> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const bindingsPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bindings = (await import(bindingsPath)) as EngineModule;
    const bytes = await readFile(join(dirname(bindingsPath), 'schema_engine_bg.wasm'));
    const { instance } = await wasmApi.instantiate(bytes, { './schema_engine_bg.js': bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return loading;
}

/** `file:` URL or plain path of a SQLite database, as accepted by the adapter. */
export function sqliteFilePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, '');
}

/**
 * The engine replays migrations on the shadow database statement by statement with
 * `executeRaw`, which better-sqlite3 refuses for multi-statement scripts. Fall back
 * to `executeScript` (which is what a script is) when that happens.
 */
function tolerateScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query: SqlQuery) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      const multi = error instanceof Error && error.message.includes('more than one statement');
      if (!multi || query.args.length > 0) throw error;
      await adapter.executeScript(query.sql);
      return 0;
    }
  };
  return adapter;
}

export interface EngineHandle {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection it opened. */
  close(): Promise<void>;
}

const CHAR_OID = 18;
const TEXT_OID = 25;

/**
 * The schema engine reads PostgreSQL's catalogue, whose one-byte `"char"` columns (`relkind`, `contype`)
 * the pg adapter refuses ("Column type 'char' could not be deserialized"); they are text to it here.
 */
function charAsText<T extends SqlDriverAdapter>(adapter: T): T {
  type Io = (query: SqlQuery) => Promise<{ fields: { dataTypeID: number }[] }>;
  const queryable = adapter as unknown as { performIO: Io };
  const performIO = queryable.performIO.bind(adapter);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    return result;
  };
  return adapter;
}

/**
 * PostgreSQL's adapter, with a shadow database of our own: the adapter's drops its shadow database
 * while its own pool still holds a connection to it, which PostgreSQL refuses.
 */
function postgresFactory(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  const config = postgresPoolConfig(databaseUrl);
  const PrismaPg = loadPrismaPg();
  const main = new PrismaPg({ ...config, max: 1 });
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => charAsText(await main.connect()),
    async connectToShadowDb() {
      const database = `prisma_shadow_${randomUUID().replaceAll('-', '')}`;
      const onServer = async (sql: string) => {
        const admin = new (loadPg().Client)(config);
        admin.on('error', () => undefined);
        await admin.connect();
        try {
          await admin.query(sql);
        } finally {
          await admin.end();
        }
      };
      await onServer(`CREATE DATABASE ${quoteIdentifier(database)}`);
      const shadow = charAsText(await new PrismaPg({ ...config, database, max: 1 }).connect());
      const dispose = shadow.dispose.bind(shadow);
      let disposed: Promise<void> | undefined;
      // The engine disposes it, and so does `close` below: once is enough.
      shadow.dispose = () => {
        disposed ??= (async () => {
          await dispose();
          await onServer(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
        })();
        return disposed;
      };
      return shadow;
    },
  };
}

/** The engine's driver adapter: one connection for PostgreSQL, so its advisory lock and its statements share a session. */
function adapterFactory(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  if (isPostgres(databaseUrl)) return postgresFactory(databaseUrl);
  return new PrismaBetterSqlite3({ url: databaseUrl, timeout: 5000 });
}

/**
 * Starts a schema engine on `databaseUrl`. The shadow database is in memory for SQLite and a
 * temporary database on the same server for PostgreSQL (created and dropped by the adapter).
 * `schema` is the Prisma schema text; only needed for diffs against a datamodel.
 */
export async function openSchemaEngine(
  databaseUrl: string,
  schema?: { path: string; content: string },
  log: (line: string) => void = () => {},
): Promise<EngineHandle> {
  const bindings = await loadSchemaEngineModule();
  const inner = adapterFactory(databaseUrl);
  const opened: SqlDriverAdapter[] = [];
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      const adapter = await inner.connect();
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const adapter = tolerateScripts(await inner.connectToShadowDb());
      opened.push(adapter);
      return adapter;
    },
  };
  const datamodels: [string, string][] | undefined = schema ? [[schema.path, schema.content]] : undefined;
  const engine = await bindings.SchemaEngine.new(
    { datamodels },
    log,
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.splice(0).map((adapter) => adapter.dispose()));
    },
  };
}
