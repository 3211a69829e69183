// The files the server hands out as they were stored (export zips, registration documents). A stream
// per download cost an open, reads and a close on the thread pool and a stream's machinery on the event
// loop: about 1 ms of CPU per `downloadExport` at 50 connections, ten times a bare route. Stored files
// never change in place (an export is renamed into place when complete, a document is written once),
// so a small one is read at once and its bytes kept while the file is the same one: every download
// still looks at the file (a stat), so a file removed or replaced (expiry, reset, restore) is never
// answered from memory. That look is one system call made at once (a few µs): on the thread pool it cost
// a round trip and a promise, some 40 µs of CPU per download at 50 connections. A file kept (or too large
// to keep) is answered at once, without a promise (decision 0150): only a first read takes one.
import { createReadStream, type ReadStream, type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { MaybePromise } from './maybe-promise.ts';

/** Files up to this size are read at once and kept; larger ones are streamed. */
const KEPT_FILE_BYTES = 1 << 20;
/** Bytes kept in all, the least recently sent dropped first. */
const KEPT_TOTAL_BYTES = 32 << 20;

interface Kept {
  /** The file's identity when read (none for bytes that never change under their key: `keepFixedBytes`). */
  ino: number;
  size: number;
  mtimeMs: number;
  bytes: Buffer;
}
const kept = new Map<string, Kept>();
let keptBytes = 0;

function keep(path: string, entry: Kept): void {
  const previous = kept.get(path);
  if (previous) keptBytes -= previous.bytes.length;
  kept.delete(path);
  kept.set(path, entry);
  keptBytes += entry.bytes.length;
  for (const [oldest, { bytes }] of kept) {
    if (keptBytes <= KEPT_TOTAL_BYTES) break;
    kept.delete(oldest);
    keptBytes -= bytes.length;
  }
}

/**
 * Bytes that never change under their key, kept beside the files (same budget, least recently sent dropped
 * first): a document kept in its database row, under its generated name (services/agent-files.ts). The
 * caller checks that the key still stands for a live row before answering from here.
 */
export function keepFixedBytes(key: string, bytes: Buffer): void {
  keep(key, { ino: -1, size: bytes.length, mtimeMs: -1, bytes });
}

/** The bytes kept under `key` by `keepFixedBytes`, if still kept. */
export function keptFixedBytes(key: string): Buffer | undefined {
  const known = kept.get(key);
  if (!known || known.ino !== -1) return undefined;
  kept.delete(key);
  kept.set(key, known);
  return known.bytes;
}

export interface StoredFile {
  size: number;
  /** The bytes (a small file) or a stream of them (a large one). */
  body: Buffer | ReadStream;
}

/** The stored file's size and identity, looked at once; null when it is gone or not a file. */
export function storedFileInfo(path: string): Stats | null {
  try {
    const info = statSync(path, { throwIfNoEntry: false });
    return info?.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** The file at `path` as stored, or null when it is gone (or not a file): at once unless it must be read. */
export function openStoredFile(path: string): MaybePromise<StoredFile | null> {
  const info = storedFileInfo(path);
  if (!info) return null;
  if (info.size > KEPT_FILE_BYTES) return { size: info.size, body: createReadStream(path) };
  const known = kept.get(path);
  if (known && known.ino === info.ino && known.size === info.size && known.mtimeMs === info.mtimeMs) {
    kept.delete(path);
    kept.set(path, known);
    return { size: known.size, body: known.bytes };
  }
  return readFile(path).then(
    (bytes) => {
      // Kept only when read as stated (a file replaced between the two is read again next time).
      if (bytes.length === info.size)
        keep(path, { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, bytes });
      return { size: bytes.length, body: bytes };
    },
    () => null,
  );
}
