// Loading a scenario: the one place the reset call, start-up seeding and the command line use.
//
//   loadScenario(prisma, { now, filesDir, scenario, seed })     on an empty, migrated database
//   resetToScenario(prisma, { now, filesDir, scenario, seed })  wipe every table, then load
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Db, engineOfClient, type PrismaClient } from '../../db/client.ts';
import { quoteIdentifier } from '../../db/engine.ts';
import { isDatabaseBusy } from '../../db/unavailable.ts';
import { writeSeedFiles } from './demo-files.ts';
import { DEFAULT_SCENARIO, DEFAULT_SEED, requireScenario } from './registry.ts';
import { writeSeedExports } from './seed-exports.ts';

export interface LoadOptions {
  /** Anchor of every seeded date (default: the real now). */
  now?: Date;
  /** Directory of uploaded registration documents; seeded documents are written there. */
  filesDir: string;
  /** The world's data folder: the zips of seeded finished downloads are written to its exports (none when unset). */
  dataDir?: string;
  /** Name of a registered scenario (default `demo`). */
  scenario?: string;
  /** Seed of the scenario's pseudo-random generator (default 1): same seed, same rows. */
  seed?: number;
  /** Runs in the reset's transaction after the scenario is loaded (e.g. carry the caller's session over). */
  afterLoad?: (db: Db) => Promise<void>;
}

// large-fleet writes about half a million rows inside one transaction.
const TRANSACTION = { timeout: 120_000, maxWait: 10_000 };

async function insertScenario(db: Db, options: LoadOptions): Promise<void> {
  const scenario = requireScenario(options.scenario ?? DEFAULT_SCENARIO);
  await scenario.load({ db, now: options.now ?? new Date(), seed: options.seed ?? DEFAULT_SEED });
}

/** Loads a scenario into an empty, migrated database (one transaction) and writes the seeded documents. */
export async function loadScenario(prisma: PrismaClient, options: LoadOptions): Promise<void> {
  requireScenario(options.scenario ?? DEFAULT_SCENARIO);
  await writeSeedFiles(options.filesDir);
  await prisma.$transaction((tx) => insertScenario(tx, options), TRANSACTION);
  if (options.dataDir) await writeSeedExports(prisma, options.dataDir);
}

/** The tables a reset empties, children before parents (also correct with foreign keys enforced). */
const RESET_TABLES = [
  'sharingEvent',
  'invitationProduct',
  'invitation',
  'downloadJob',
  'collectionChange',
  'collectionPeriod',
  'product',
  'agentFile',
  'agentProfile',
  'termsAcceptance',
  'termsVersion',
  'session',
  'loginAttempt',
  'fault',
  'simState',
  'idempotencyRecord',
  'user',
] as const satisfies ReadonlyArray<keyof Db>;

/** Deletes every row of the tables a reset empties, children before parents. */
export async function deleteAll(db: Db): Promise<void> {
  for (const table of RESET_TABLES) await (db[table] as { deleteMany(): Promise<unknown> }).deleteMany();
}

/** Thrown when the reset could not lock its tables at once; the reset tries again. */
class TablesBusy extends Error {}

/**
 * On PostgreSQL, a write running beside a reset would check its foreign keys (the caller's user row,
 * say) against rows the reset deletes and inserts again: it waits for the reset, then finds the old row
 * gone and fails (a 500), although the same row is back. Locking the tables first (writes wait, plain
 * reads go on seeing the old world) makes every write run wholly before or wholly after the reset. A
 * write in progress may hold one of them while it waits for another the reset holds: the reset waits
 * only briefly, lets go of everything and tries again, so neither waits for a deadlock to be found.
 * SQLite has one writer at a time already.
 */
async function holdWritesDuringReset(db: Db): Promise<void> {
  if (engineOfClient(db) !== 'postgresql') return;
  // Prisma's model `sharingEvent` is the table "SharingEvent".
  const names = RESET_TABLES.map((table) => quoteIdentifier(`${table[0]?.toUpperCase()}${table.slice(1)}`));
  await db.$executeRawUnsafe(`SET LOCAL lock_timeout = '${lockWaitMs}ms'`);
  try {
    await db.$executeRawUnsafe(`LOCK TABLE ${names.join(', ')} IN EXCLUSIVE MODE`);
  } catch (error) {
    // After the last attempt the caller answers 503 with Retry-After, as for any busy database.
    throw isDatabaseBusy(error) ? new TablesBusy('tables busy', { cause: error }) : error;
  }
  await db.$executeRawUnsafe('SET LOCAL lock_timeout TO DEFAULT');
}

const lockWaitMs = 100;
const lockAttempts = 50;

/**
 * Wipes the database (every table, including sessions, jobs, faults and the simulation
 * clock row) and loads the scenario in one transaction. Uploaded documents the database
 * knew about are removed from filesDir; nothing else in that directory is touched.
 */
export async function resetToScenario(prisma: PrismaClient, options: LoadOptions): Promise<void> {
  requireScenario(options.scenario ?? DEFAULT_SCENARIO);
  const seeded = new Set(await writeSeedFiles(options.filesDir));
  // Read with the tables held: an upload committed just before the reset loses its file with its row.
  let previous: Array<{ storedName: string }> = [];
  for (let attempt = 1; ; attempt++) {
    try {
      await prisma.$transaction(async (tx) => {
        await holdWritesDuringReset(tx);
        previous = await tx.agentFile.findMany({ select: { storedName: true } });
        await deleteAll(tx);
        await insertScenario(tx, options);
        await options.afterLoad?.(tx);
      }, TRANSACTION);
      break;
    } catch (error) {
      if (!(error instanceof TablesBusy) || attempt >= lockAttempts) throw error;
      await sleep(Math.random() * lockWaitMs);
    }
  }
  if (options.dataDir) await writeSeedExports(prisma, options.dataDir);
  await Promise.all(
    previous
      .filter(({ storedName }) => !seeded.has(storedName) && basename(storedName) === storedName)
      .map(({ storedName }) => unlink(join(options.filesDir, storedName)).catch(() => undefined)),
  );
}
