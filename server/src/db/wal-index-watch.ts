// Whether any connection may have committed to a SQLite database in WAL mode, read from the header of
// its WAL index (the `-shm` file) with one `pread` instead of a read transaction (decision 0145).
//
// The WAL index starts with two copies of a 48-byte header (https://www.sqlite.org/walformat.html,
// "The WAL-Index Header"): the last frame committed (`mxFrame`), a counter moved by every transaction
// (`iChange`), the WAL's salts (new after each restart of the WAL) and checksums. A writer rewrites both
// copies when it commits, and a reader takes its snapshot from them: a commit no reader can see yet has
// not changed them, and one any reader can see has. So while the 96 bytes are the bytes last read, no
// connection committed since; when they differ, or cannot be read, something may have, and the caller
// asks SQLite itself (`PRAGMA data_version`, which opens a read transaction: two `fcntl` locks and more).
// A torn read (a writer half-way through the copies) differs from the last bytes too: it only sends the
// caller to SQLite.
import { closeSync, openSync, readSync } from 'node:fs';

/** Both copies of the WAL-index header. */
const HEADER_BYTES = 96;

export interface CommitWatch {
  /** False only when no connection can have committed since the last call that answered true. */
  mayHaveCommitted(): boolean;
  close(): void;
}

/** Always "may have": SQLite is asked every time (not in WAL mode, an in-memory database). */
const alwaysAsk: CommitWatch = { mayHaveCommitted: () => true, close: () => undefined };

/**
 * Watches the WAL index of the database `path` that `journalMode` reports for an open connection. The
 * `-shm` file lives as long as any connection has the database open, so the caller (which keeps one
 * open) reads the file every other connection writes.
 */
export function watchWalIndex(path: string, journalMode: string): CommitWatch {
  if (journalMode.toLowerCase() !== 'wal' || path === '' || path === ':memory:') return alwaysAsk;
  let fd: number | undefined;
  const read = Buffer.alloc(HEADER_BYTES);
  const last = Buffer.alloc(HEADER_BYTES);
  let known = false;
  const forget = () => {
    known = false;
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // Already closed: nothing to release.
    }
    fd = undefined;
  };
  return {
    mayHaveCommitted() {
      try {
        fd ??= openSync(`${path}-shm`, 'r');
        if (readSync(fd, read, 0, HEADER_BYTES, 0) < HEADER_BYTES) {
          known = false;
          return true;
        }
      } catch {
        forget();
        return true;
      }
      if (known && read.equals(last)) return false;
      read.copy(last);
      known = true;
      return true;
    },
    close: forget,
  };
}
