import path from 'node:path';

/** A world's database file inside its data folder. */
export const DATABASE_FILE = 'portal.db';

/** The folders of a world's files that belong to its state (snapshots copy exactly these). */
export const STATE_FOLDERS = ['agent-files', 'exports'] as const;

export const databaseUrlIn = (dataDir: string) => `file:${path.join(dataDir, DATABASE_FILE)}`;
