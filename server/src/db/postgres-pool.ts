// PostgreSQL connections: pools made from a DATABASE_URL, each with an 'error' listener (a dropped idle
// connection emits one, and an unlistened 'error' event ends a Node process).
import type pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { loadPg } from './postgres-driver.ts';

/** A `postgresql://` URL as explicit pool fields (host, port, user, password, database, ssl). */
export function postgresPoolConfig(databaseUrl: string): pg.PoolConfig {
  const { connectionString: _ignored, ...fields } = parseIntoClientConfig(databaseUrl) as pg.ClientConfig;
  return fields;
}

export interface PoolOptions {
  max?: number;
  /** Called for errors of idle connections (the pool drops them and opens new ones on demand). */
  onError?: (error: Error) => void;
}

export function createPostgresPool(databaseUrl: string, options: PoolOptions = {}): pg.Pool {
  const { Pool } = loadPg();
  const pool = new Pool({
    ...postgresPoolConfig(databaseUrl),
    max: options.max ?? 10,
    // Idle connections go back after 30 s, so idle sandboxes and quiet instances hold none.
    idleTimeoutMillis: 30_000,
    // A database that does not answer fails the call within 5 s instead of queueing it for ever.
    connectionTimeoutMillis: 5_000,
    // Keep-alive probes find a peer that vanished (a restarted server, a cut network).
    keepAlive: true,
    application_name: 'data-act-portal',
  });
  pool.on('error', (error) => options.onError?.(error));
  return pool;
}
