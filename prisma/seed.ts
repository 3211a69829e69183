// Seed of the Data Act Portal: the personas of docs ARCHITECTURE.md, placed in time
// relative to `now` (pass the simulation clock's now). Deterministic ids and codes.
//
//   seed(prisma, { now, filesDir })          on an empty, migrated database
//   resetAndSeed(prisma, { now, filesDir })  wipe every table, then seed (POST /sim/reset)
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Db, PrismaClient } from '../server/src/db/client.ts';
import { seedCompanies } from './seed-companies.ts';
import { seedAgentFiles, writeSeedFiles } from './seed-files.ts';
import { seedInvitations } from './seed-invitations.ts';
import { seedPeople } from './seed-people.ts';
import { seedProducts } from './seed-products.ts';

export interface SeedOptions {
  /** Anchor of every seeded date (default: the real now). */
  now?: Date;
  /** Directory of uploaded registration documents; seeded documents are written there. */
  filesDir: string;
}

const TRANSACTION = { timeout: 30_000, maxWait: 10_000 };

async function insertAll(db: Db, now: Date): Promise<void> {
  await seedPeople(db, now);
  await seedCompanies(db, now);
  await seedAgentFiles(db, now);
  await seedProducts(db, now);
  await seedInvitations(db, now);
}

/** Seeds an empty, migrated database (one transaction) and writes the seeded documents. */
export async function seed(prisma: PrismaClient, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  await writeSeedFiles(options.filesDir);
  await prisma.$transaction((tx) => insertAll(tx, now), TRANSACTION);
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
  await db.user.deleteMany();
}

/**
 * Wipes the database (every table, including sessions, jobs, faults and the simulation
 * clock row) and seeds it again in one transaction. Uploaded documents the database
 * knew about are removed from filesDir; nothing else in that directory is touched.
 */
export async function resetAndSeed(prisma: PrismaClient, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const previous = await prisma.agentFile.findMany({ select: { storedName: true } });
  const seeded = new Set(await writeSeedFiles(options.filesDir));
  await prisma.$transaction(async (tx) => {
    await deleteAll(tx);
    await insertAll(tx, now);
  }, TRANSACTION);
  await Promise.all(
    previous
      .filter(({ storedName }) => !seeded.has(storedName) && basename(storedName) === storedName)
      .map(({ storedName }) => unlink(join(options.filesDir, storedName)).catch(() => undefined)),
  );
}
