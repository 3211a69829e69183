import { copyFile, cp, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** A world's database file inside its data folder. */
export const DATABASE_FILE = 'portal.db';

/** The folders of a world's files that belong to its state (snapshots copy exactly these). */
export const STATE_FOLDERS = ['agent-files', 'exports'] as const;

export const databaseUrlIn = (dataDir: string) => `file:${path.join(dataDir, DATABASE_FILE)}`;

/**
 * Puts the files of the folder `from` (and of its subfolders) at the same places under `to` as hard
 * links: no file's bytes are copied and no new file is made. Safe because a stored file never changes
 * in place (an export is renamed into place when complete, a document is written once, both are only
 * ever removed), so the two names always hold the same bytes, and removing one leaves the other. Where
 * a link cannot be made (another file system, one that has none) the file is copied; a file removed
 * since its folder was read is left out. A missing `from` fails with ENOENT, as a copy would.
 */
export async function linkTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true });
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) await linkOrCopy(source, target);
  }
}

async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    // Removed since the folder was read (an export expired): not part of the state any more.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    await copyFile(source, target);
  }
}

/**
 * Makes `to` (which must not exist yet) a copy of the world folder `from`: its stored files linked
 * (`linkTree`), everything else (the database file) copied.
 */
export async function copyWorldFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory() && (STATE_FOLDERS as readonly string[]).includes(entry.name)) {
      await linkTree(source, target);
    } else {
      await cp(source, target, { recursive: true, errorOnExist: true, force: false });
    }
  }
}
