import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import type { FileStats } from './export-encoding.ts';

// One file of an export on its way into the zip: its text is measured (size, SHA-256 for the
// manifest, CRC-32 for the zip) and deflated by zlib on a thread of its own, so the CSV and the
// JSON of a product deflate at the same time (decision 0035). The deflated bytes are held until
// `deliverTo` says where they go: the file the zip is writing goes straight through, the next one
// waits (deflated, a few MB for a vehicle's year) until the zip reaches it.

/** zlib's output buffer: 16 KB by default, so each ~600 KB batch went back and forth four times. */
const DEFLATED_CHUNK = 256 * 1024;

export class DeflatedFile {
  crc32 = 0;
  bytes = 0;
  #hash = createHash('sha256');
  #deflate: DeflateRaw;
  #held: Buffer[] = [];
  #target: ((chunk: Buffer) => void) | null = null;
  #ended: Promise<unknown>;

  constructor(level: number) {
    this.#deflate = createDeflateRaw({ level, chunkSize: DEFLATED_CHUNK });
    this.#ended = once(this.#deflate, 'end');
    this.#ended.catch(() => {}); // observed by `finished`
    this.#deflate.on('data', (chunk: Buffer) => {
      if (this.#target) this.#target(chunk);
      else this.#held.push(chunk);
    });
  }

  /** Adds text; answers false when zlib's buffer is full (wait for `drained`). */
  write(text: string): boolean {
    if (text === '') return true;
    // Not Buffer.from(text): zlib takes a buffer made that way several times slower (measured,
    // decision 0035), one written into an allocated buffer at memcpy speed.
    const chunk = Buffer.allocUnsafe(Buffer.byteLength(text));
    chunk.write(text);
    this.crc32 = crc32(chunk, this.crc32);
    this.bytes += chunk.length;
    this.#hash.update(chunk);
    return this.#deflate.write(chunk);
  }

  /** Resolves when zlib takes text again; rejects if deflating failed. */
  drained(): Promise<unknown> {
    if (!this.#deflate.writableNeedDrain) return Promise.resolve();
    return Promise.race([once(this.#deflate, 'drain'), this.#ended]);
  }

  /** From now on deflated bytes go to `target`, those held so far first. */
  deliverTo(target: (chunk: Buffer) => void): void {
    for (const chunk of this.#held) target(chunk);
    this.#held = [];
    this.#target = target;
  }

  /** Ends the text; resolves with the file's stats once every deflated byte was delivered. */
  async finished(records: number): Promise<FileStats> {
    this.#deflate.end();
    await this.#ended;
    return { records, bytes: this.bytes, sha256: this.#hash.digest('hex') };
  }

  destroy(): void {
    this.#deflate.destroy();
  }
}
