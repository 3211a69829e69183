// The stock of spare sandbox databases follows the creations (decision 0119): a burst grows it up to
// `sparesMax`, a minute without creations shrinks it back to `spares`, and the spares dropped leave
// nothing behind (their databases and folders). A refill copies as many spares side by side as are
// missing, at most `copies` (decision 0133). Spares an instance that died left beyond the stock, which no
// connection holds, are another instance's to drop (decision 0147).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, onPostgresServer } from '../../../test/db.ts';
import { testEngine } from '../../../test/engine.ts';
import { spareDatabasesOf } from '../../../test/sandbox-databases.ts';
import { databaseNameOf, quoteIdentifier, withDatabaseName } from '../../db/engine.ts';
import { createPostgresSandboxStore, SPARE_RATE_WINDOW_MS } from './postgres-sandboxes.ts';

/** The sandbox databases' names of the main database at `mainUrl` begin with this (postgres-sandboxes.ts). */
const sandboxPrefix = (mainUrl: string) => `${databaseNameOf(mainUrl).slice(0, 30)}_sbx`;

/** Drops every sandbox, spare and template database a store on `mainUrl` made. */
const dropSandboxDatabases = (mainUrl: string) =>
  onPostgresServer(async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      sandboxPrefix(mainUrl),
    ]);
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(datname)} WITH (FORCE)`);
  });

/** A store of a floor of one spare and a bound of three, at the clock `now`; the spares it made in `made`. */
const burstStore = (
  mainUrl: string,
  dataDir: string,
  now: () => number,
  made: Set<string>,
  more: Partial<Parameters<typeof createPostgresSandboxStore>[0]> = {},
) =>
  createPostgresSandboxStore({
    mainUrl,
    root: path.join(dataDir, 'sandboxes'),
    scenarios: ['demo'],
    now: () => new Date(now()),
    spares: 1,
    sparesMax: 3,
    onSpare: (name) => made.add(name),
    preferred: () => made,
    ...more,
  });

describe.skipIf(testEngine() !== 'postgresql')('team mode: the stock of spares', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('grows with a burst of creations up to its bound and shrinks back to the floor once idle', async () => {
    const main = await createPostgresTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-spares-'));
    let now = Date.parse('2026-11-28T08:00:00Z');
    const made = new Set<string>();
    const dropped: string[] = [];
    const store = burstStore(main.url, dataDir, () => now, made, {
      onSpareDropped: async (name) => {
        made.delete(name);
        dropped.push(name);
      },
    });
    cleanups.push(
      () => main.drop(),
      () => rm(dataDir, { recursive: true, force: true }),
      () => dropSandboxDatabases(main.url),
      () => store.close(),
    );
    const spares = () => spareDatabasesOf(main.url, dataDir);

    // Four creations within a minute want four spares: the bound keeps three.
    for (const id of ['a', 'b', 'c', 'd']) await store.open(id, 'demo', false);
    await expect.poll(spares, { timeout: 60_000, interval: 100 }).toHaveLength(3);
    await store.prepareSpares('demo'); // a refill now finds nothing missing
    expect(await spares()).toHaveLength(3);
    await store.trimSpares(); // still within the minute: kept
    expect(await spares()).toHaveLength(3);

    // A minute without creations: back to the floor, the newest dropped, their folders gone too.
    now += SPARE_RATE_WINDOW_MS + 1;
    await store.trimSpares();
    const left = await spares();
    expect(left).toHaveLength(1);
    expect(dropped).toHaveLength(2);
    expect(dropped.every((name) => name > (left[0] as string))).toBe(true);
    const folders = await readdir(path.join(dataDir, 'sandboxes', 'spares'));
    expect(folders.filter((name) => !name.startsWith('.'))).toEqual(left);
    expect(await readdir(path.join(dataDir, 'sandboxes', 'removed')).catch(() => [])).toEqual([]);
  }, 120_000);

  it('drops the spares an instance that died left beyond the stock, not those an instance holds', async () => {
    const main = await createPostgresTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-spares-'));
    let now = Date.parse('2026-11-28T08:00:00Z');
    const storeOf = (made: Set<string>) =>
      burstStore(main.url, dataDir, () => now, made, { orphanAfterMs: 0 });
    // The instance that dies: a burst grew the stock to three, all its own.
    const dying = storeOf(new Set());
    const survivor = storeOf(new Set());
    cleanups.push(
      () => main.drop(),
      () => rm(dataDir, { recursive: true, force: true }),
      () => dropSandboxDatabases(main.url),
      () => survivor.close(),
      () => dying.close(),
    );
    const spares = () => spareDatabasesOf(main.url, dataDir);
    for (const id of ['a', 'b', 'c']) await dying.open(id, 'demo', false);
    await expect.poll(spares, { timeout: 60_000, interval: 100 }).toHaveLength(3);
    await dying.close();

    // One spare held ahead by a live instance (a connection open to it), as a warm-up holds it.
    const [held] = await spares();
    const holder = new pg.Client({ connectionString: withDatabaseName(main.url, held as string) });
    cleanups.push(() => holder.end().catch(() => undefined));
    await holder.connect();

    // A quiet minute later the survivor's sweep wants one: the two orphans go, the held spare stays.
    now += SPARE_RATE_WINDOW_MS + 1;
    await survivor.trimSpares();
    expect(await spares()).toEqual([held]);
    const folders = await readdir(path.join(dataDir, 'sandboxes', 'spares'));
    expect(folders.filter((name) => !name.startsWith('.'))).toEqual([held]);
  }, 120_000);

  it('copies as many spares side by side as are missing, at most its bound', async () => {
    const main = await createPostgresTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-spares-'));
    const prefix = sandboxPrefix(main.url);
    const storeOf = (spares: number) =>
      createPostgresSandboxStore({
        mainUrl: main.url,
        root: path.join(dataDir, 'sandboxes'),
        scenarios: ['demo'],
        now: () => new Date(),
        spares,
        sparesMax: spares,
        copies: 3,
      });
    const store = storeOf(5);
    cleanups.push(
      () => main.drop(),
      () => rm(dataDir, { recursive: true, force: true }),
      () => dropSandboxDatabases(main.url),
      () => store.close(),
    );
    // The template built first, by a store that keeps no spares.
    const builder = storeOf(0);
    await builder.prepareSpares('demo');
    await builder.close();
    const [template] = await onPostgresServer(async (client) => {
      const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        `${prefix}t_`,
      ]);
      return rows.map((row) => row.datname as string);
    });
    expect(template).toBeDefined();

    // A comment on the template under way holds its copies back (`CREATE DATABASE` takes a share lock on
    // it): every copy the refill starts waits, so they can be counted.
    const copiesWaiting = () =>
      onPostgresServer(async (client) => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND starts_with(query, 'CREATE DATABASE') AND position($1 in query) > 0`,
          [`${prefix}p_`],
        );
        return rows[0].n as number;
      });
    let refilled: Promise<void> | undefined;
    await onPostgresServer(async (client) => {
      await client.query('BEGIN');
      try {
        await client.query(`COMMENT ON DATABASE ${quoteIdentifier(template as string)} IS 'held'`);
        refilled = store.prepareSpares('demo');
        // Five missing: three copies side by side, and no fourth while they last.
        await expect.poll(copiesWaiting, { timeout: 30_000, interval: 50 }).toBe(3);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await copiesWaiting()).toBe(3);
      } finally {
        await client.query('ROLLBACK');
      }
    });
    await refilled;
    expect(await spareDatabasesOf(main.url, dataDir)).toHaveLength(5);
  }, 120_000);
});
