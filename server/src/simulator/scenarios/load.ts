// Loading a scenario: the one place the reset call, start-up seeding and the command line use.
//
//   loadScenario(prisma, { now, filesDir, scenario, seed })     on an empty, migrated database
//   resetToScenario(prisma, { now, filesDir, scenario, seed })  wipe every table, then load
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Db, PrismaClient } from '../../db/client.ts';
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

/** Deletes every row, children before parents (also correct with foreign keys enforced). */
export async function deleteAll(db: Db): Promise<void> {
  await db.sharingEvent.deleteMany();
  await db.invitationProduct.deleteMany();
  await db.invitation.deleteMany();
  await db.downloadJob.deleteMany();
  await db.collectionChange.deleteMany();
  await db.collectionPeriod.deleteMany();
  await db.product.deleteMany();
  await db.agentFile.deleteMany();
  await db.agentProfile.deleteMany();
  await db.termsAcceptance.deleteMany();
  await db.termsVersion.deleteMany();
  await db.session.deleteMany();
  await db.loginAttempt.deleteMany();
  await db.fault.deleteMany();
  await db.simState.deleteMany();
  await db.idempotencyRecord.deleteMany();
  await db.user.deleteMany();
}

/**
 * Wipes the database (every table, including sessions, jobs, faults and the simulation
 * clock row) and loads the scenario in one transaction. Uploaded documents the database
 * knew about are removed from filesDir; nothing else in that directory is touched.
 */
export async function resetToScenario(prisma: PrismaClient, options: LoadOptions): Promise<void> {
  requireScenario(options.scenario ?? DEFAULT_SCENARIO);
  const previous = await prisma.agentFile.findMany({ select: { storedName: true } });
  const seeded = new Set(await writeSeedFiles(options.filesDir));
  await prisma.$transaction(async (tx) => {
    await deleteAll(tx);
    await insertScenario(tx, options);
    await options.afterLoad?.(tx);
  }, TRANSACTION);
  if (options.dataDir) await writeSeedExports(prisma, options.dataDir);
  await Promise.all(
    previous
      .filter(({ storedName }) => !seeded.has(storedName) && basename(storedName) === storedName)
      .map(({ storedName }) => unlink(join(options.filesDir, storedName)).catch(() => undefined)),
  );
}
