import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPostgres } from '../../db/engine.ts';
import { copyDatabase } from '../../db/sqlite-worker.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { memoAnswer } from '../../lib/frozen-answers.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { dropPostgresSnapshot, restorePostgresSnapshot, savePostgresSnapshot } from './postgres-snapshots.ts';
import type { SimulatedWorld as World } from './world.ts';
import { DATABASE_FILE, linkTree, STATE_FOLDERS } from './world-files.ts';

export const SNAPSHOT_LIMIT = 20;

export interface SnapshotView {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

const META_FILE = 'snapshot.json';
const snapshotsDir = (world: World) => path.join(world.dataDir, 'snapshots');
// The contract's pattern already rules out separators and dots; the file name is derived, never trusted.
const folderOf = (world: World, name: string) =>
  path.join(snapshotsDir(world), Buffer.from(name).toString('base64url'));
const databasePath = (world: World) => world.databaseUrl.replace(/^file:/, '');

const notFound = () =>
  new AppError(404, 'SNAPSHOT_NOT_FOUND', 'There is no snapshot with that name. It may have been deleted.');

async function readMeta(folder: string): Promise<SnapshotView | null> {
  try {
    return JSON.parse(await readFile(path.join(folder, META_FILE), 'utf8')) as SnapshotView;
  } catch {
    return null;
  }
}

/**
 * The snapshots as last read, per world, on SQLite: one server owns a data directory (lib/data-dir-lock.ts)
 * and its snapshots change only through this module, which forgets the list after every creation and
 * removal; so the list is read from disk once per change, and its answer checked and serialised once
 * (lib/frozen-answers.ts). In team mode every instance shares the folder: it is read on every call.
 */
const listed = new WeakMap<World, Promise<readonly SnapshotView[]>>();
const listAnswers = new WeakMap<readonly SnapshotView[], SnapshotView[]>();

/** The world's snapshots, newest first. */
export async function listSnapshots(world: World): Promise<SnapshotView[]> {
  if (isPostgres(world.databaseUrl)) return readSnapshots(world);
  let list = listed.get(world);
  if (!list) {
    list = readSnapshots(world).then((views) => Object.freeze(views));
    listed.set(world, list);
    list.catch(() => listed.delete(world));
  }
  return memoAnswer(listAnswers, await list, (views) => [...views]);
}

/** After the folder changed (or may have): the next list reads it again. */
function forgetList(world: World): void {
  listed.delete(world);
}

async function readSnapshots(world: World): Promise<SnapshotView[]> {
  const folders = await readdir(snapshotsDir(world)).catch(() => [] as string[]);
  const metas = await Promise.all(folders.map((folder) => readMeta(path.join(snapshotsDir(world), folder))));
  return metas
    .filter((meta): meta is SnapshotView => meta !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Saves the world's database through SQLite's online backup (a consistent copy while other calls
 * keep reading and writing; on PostgreSQL a schema of copied tables, postgres-snapshots.ts) and links
 * its stored files next to it (world-files.ts#linkTree), in a staging folder renamed into place.
 */
export function createSnapshot(world: World, name: string): Promise<SnapshotView> {
  return oneAtATime(world.dataDir, () => saveSnapshot(world, name).finally(() => forgetList(world)));
}

async function saveSnapshot(world: World, name: string): Promise<SnapshotView> {
  const folder = folderOf(world, name);
  const existing = await listSnapshots(world);
  if (existing.length >= SNAPSHOT_LIMIT && !existing.some((snapshot) => snapshot.name === name)) {
    throw conflict('SNAPSHOT_LIMIT', `A world keeps at most ${SNAPSHOT_LIMIT} snapshots. Delete one first.`);
  }
  const staging = `${folder}.saving`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  let sizeBytes = 0;
  if (isPostgres(world.databaseUrl)) {
    sizeBytes += await savePostgresSnapshot(world.prisma, name);
  } else {
    await copyDatabase(databasePath(world), path.join(staging, DATABASE_FILE));
  }
  for (const sub of STATE_FOLDERS) {
    await linkTree(path.join(world.dataDir, sub), path.join(staging, sub)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  const sizes = await readdir(staging, { recursive: true, withFileTypes: true });
  for (const entry of sizes) {
    if (entry.isFile()) sizeBytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  const meta: SnapshotView = { name, createdAt: new Date().toISOString(), sizeBytes };
  await writeFile(path.join(staging, META_FILE), JSON.stringify(meta));
  await rm(folder, { recursive: true, force: true });
  await rename(staging, folder);
  return meta;
}

/**
 * Puts the snapshot back: the online backup API writes it into the live database file under SQLite's
 * locks, in the SQLite worker (db/sqlite-worker.ts), so the open Prisma connection sees the restored
 * state on its next query and a write meanwhile waits for the copy.
 */
export function restoreSnapshot(world: World, name: string): Promise<void> {
  return oneAtATime(world.dataDir, () => putBack(world, name));
}

async function putBack(world: World, name: string): Promise<void> {
  const folder = folderOf(world, name);
  if (!(await readMeta(folder))) throw notFound();
  if (isPostgres(world.databaseUrl)) {
    if (!(await restorePostgresSnapshot(world.prisma, name))) throw notFound();
  } else {
    await copyDatabase(path.join(folder, DATABASE_FILE), databasePath(world));
  }
  for (const sub of STATE_FOLDERS) {
    await rm(path.join(world.dataDir, sub), { recursive: true, force: true });
    await linkTree(path.join(folder, sub), path.join(world.dataDir, sub)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  world.faults.markArmed();
}

export function deleteSnapshot(world: World, name: string): Promise<void> {
  return oneAtATime(world.dataDir, async () => {
    const folder = folderOf(world, name);
    if (!(await readMeta(folder))) throw notFound();
    if (isPostgres(world.databaseUrl)) await dropPostgresSnapshot(world.prisma, name);
    try {
      await rm(folder, { recursive: true, force: true });
    } finally {
      forgetList(world);
    }
  });
}
