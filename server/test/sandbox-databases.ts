// Team mode's sandbox databases as the tests see them on the server: every database named after the
// main one with a sandbox kind (`…_sbx_…`, or `…_sbxp_…` for a spare copied ahead, which keeps its name
// once a creation takes it), told apart by the folders under `{DATA_DIR}/sandboxes/spares`: a spare has
// one, a sandbox's (or a leftover's) has none.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { databaseNameOf } from '../src/db/engine.ts';
import { onPostgresServer } from './db.ts';

async function databasesOf(databaseUrl: string, dataDir: string) {
  const main = databaseNameOf(databaseUrl).slice(0, 30);
  const names = await onPostgresServer(async (client) => {
    const { rows } = await client.query(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR starts_with(datname, $2)',
      [`${main}_sbx_`, `${main}_sbxp_`],
    );
    return rows.map((row) => row.datname as string).sort();
  });
  const spares = new Set(await readdir(path.join(dataDir, 'sandboxes', 'spares')).catch(() => []));
  return {
    sandboxes: names.filter((name) => !spares.has(name)),
    spares: names.filter((name) => spares.has(name)),
  };
}

/** The databases of the team's sandboxes (made, or removed and not dropped yet). */
export const sandboxDatabasesOf = async (databaseUrl: string, dataDir: string) =>
  (await databasesOf(databaseUrl, dataDir)).sandboxes;

/** The spare databases ready to be taken. */
export const spareDatabasesOf = async (databaseUrl: string, dataDir: string) =>
  (await databasesOf(databaseUrl, dataDir)).spares;
