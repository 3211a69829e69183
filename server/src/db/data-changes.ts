// Remembered reads on PostgreSQL (decision 0070): the database itself announces every change to the
// tables the remembered reads read, whoever writes (this instance, another one, a script, psql), with a
// statement trigger that sends `{"kind":"data","table":…}` on the team signal when the change commits.
// Each watch keeps a generation per database, moved on by every such message about a table it follows
// and by every (re)connection of its listener; a read remembered under one generation is dropped when it
// moves on. Before a remembered row
// is used, a barrier on the listening connection makes sure every change committed before the read began
// has been received, so the next read after any committed write, through any instance, sees it. While
// the listener is not connected nothing is remembered: every read asks the database.
import type pg from 'pg';
import { quoteIdentifier } from './engine.ts';
import { listenToTeam, TEAM_CHANNEL, type TeamListener } from './team-signal.ts';

export const DATA_CHANGED = 'data';

/** Every table a remembered read (db/postgres-reads.ts) reads: a change to any of them drops them all. */
export const REMEMBERED_TABLES = [
  'Session',
  'User',
  'AgentProfile',
  'TermsVersion',
  'TermsAcceptance',
  'Product',
  'CollectionPeriod',
] as const;

/** The armed simulated faults, which every call of the simulator's worlds looks at (simulator/faults.ts). */
export const FAULT_TABLES = ['Fault'] as const;

/** The tables that give the job runner work (services/jobs.ts): it plans again when they change. */
export const JOB_TABLES = ['DownloadJob', 'CollectionChange'] as const;

/**
 * Every table the remembered list reads read (db/postgres-reads.ts: the paged lists' pages and totals, a
 * company's connected users, the one-object reads such as an invitation's shared products): a change to
 * any of them drops them all.
 */
export const LIST_TABLES = [
  'Invitation',
  'InvitationProduct',
  'SharingEvent',
  'User',
  'AgentProfile',
  'AgentFile',
  'DownloadJob',
  'Product',
  'CollectionPeriod',
] as const;

/** Every table whose changes the database announces. */
export const ANNOUNCED_TABLES: readonly string[] = [
  ...new Set([...REMEMBERED_TABLES, ...FAULT_TABLES, ...JOB_TABLES, ...LIST_TABLES]),
];

const TRIGGER = 'portal_data_changed';

/** Creates (or replaces) the triggers; run after every migration, so tables a migration rebuilt get them again. */
export async function installChangeTriggers(client: Pick<pg.Client, 'query'>): Promise<void> {
  const statements = [
    `CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${TEAM_CHANNEL}', json_build_object('kind', '${DATA_CHANGED}', 'table', TG_TABLE_NAME)::text);
        RETURN NULL;
      END $$`,
    ...ANNOUNCED_TABLES.map(
      (table) => `CREATE OR REPLACE TRIGGER ${TRIGGER}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${quoteIdentifier(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}()`,
    ),
  ];
  await client.query(`BEGIN; ${statements.join(';\n')}; COMMIT`);
}

/** What a watch received: how many times each followed table was announced changed, and how many times anything may have. */
export interface TableChanges {
  /** Moves on with every (re)connection, every loss and every message that names no table. */
  readonly all: number;
  /** Per followed table, the announcements of its changes received (absent: none yet). */
  readonly tables: ReadonlyMap<string, number>;
}

export interface DataWatch {
  /**
   * The generation under which rows may be remembered now, once every change committed before this
   * call (or before `since`, a `performance.now()` reading such as the request's arrival) has been
   * received; undefined while the listener is not connected (remember nothing then).
   */
  fresh(since?: number): Promise<number | undefined>;
  /** The generation now (undefined while not connected): a row read under another one is not kept. */
  current(): number | undefined;
  /** Which of the followed tables changed: a memory kept per table drops only what read a changed one. */
  changes(): TableChanges;
  /** Starts listening (else the first use does), resolving once listening or after a first failure. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Follows the changes of `tables` (announced ones) in the database at `databaseUrl` on the team signal
 * (opened on first use).
 */
export function watchDataChanges(
  databaseUrl: string,
  tables: readonly string[] = REMEMBERED_TABLES,
  /** Called whenever the generation moves on (a change of a followed table, a connection, a loss). */
  onChange?: () => void,
): DataWatch {
  const followed = new Set(tables);
  let generation = 0;
  const changes = { all: 0, tables: new Map<string, number>() };
  let live = false;
  let listener: TeamListener | undefined;
  let closed = false;
  const listen = () =>
    listenToTeam(databaseUrl, {
      onMessage(message) {
        // A message without a table comes from a trigger of an older version: it may concern any.
        if (message.kind !== DATA_CHANGED) return;
        if (typeof message.table !== 'string') changes.all += 1;
        else if (followed.has(message.table))
          changes.tables.set(message.table, (changes.tables.get(message.table) ?? 0) + 1);
        else return;
        generation += 1;
        onChange?.();
      },
      async onConnected() {
        // Whatever changed while nobody listened is unknown: start over.
        generation += 1;
        changes.all += 1;
        live = true;
        onChange?.();
      },
      onLost() {
        live = false;
        generation += 1;
        changes.all += 1;
        onChange?.();
      },
      // The clock's listener on the same connection logs the losses.
      onError: () => undefined,
    });
  return {
    async fresh(since) {
      if (closed) return undefined;
      listener ??= listen();
      if (!live || !(await listener.sync(since))) return undefined;
      return live ? generation : undefined;
    },
    current: () => (live ? generation : undefined),
    changes: () => changes,
    async start() {
      if (closed) return;
      listener ??= listen();
      await listener.ready;
    },
    async close() {
      closed = true;
      live = false;
      await listener?.close();
      listener = undefined;
    },
  };
}

export interface RememberedLimit {
  /** How much may be kept between two changes (default: 10,000 entries). */
  max: number;
  /** What one value counts against `max` (default 1 per entry; a list: its rows). */
  weight?(value: unknown): number;
}

/**
 * Rows read under the watch's current generation, each kept until the next change. `since`: the
 * caller's request arrived then (performance.now()); every change committed before it is seen.
 * `limit` bounds the memory a flood of distinct keys can take between two changes.
 */
export function createRememberedRows(watch: DataWatch, limit: RememberedLimit = { max: 10_000 }) {
  let version: number | undefined;
  let used = 0;
  const rows = new Map<string, unknown>();
  return async <T>(key: string, read: () => Promise<T>, since?: number): Promise<T> => {
    if ((await watch.fresh(since)) === undefined) return read();
    const now = watch.current();
    if (now !== version || used >= limit.max) {
      rows.clear();
      used = 0;
      version = now;
    }
    if (rows.has(key)) return rows.get(key) as T;
    const row = await read();
    // A change received while reading may have come after the row was read: keep it only if none did.
    if (now !== undefined && watch.current() === now && version === now) {
      rows.set(key, row);
      used += limit.weight?.(row) ?? 1;
    }
    return row;
  };
}
