import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

// yazl checksums every byte it zips with buffer-crc32, a byte-at-a-time JavaScript loop: for a
// year of telemetry (about 220 MB before compression) that loop alone took longer than deflating.
// Node's zlib.crc32 (native, same CRC-32 as zip) answers identical values far faster, so
// buffer-crc32's `unsigned` — the one function yazl calls — is pointed at it. The module is
// resolved from yazl's own folder, so it is the very instance yazl requires. Decision 0028.

type Previous = number | Buffer | undefined;
interface BufferCrc32 {
  unsigned(input: Buffer | string, previous?: Previous): number;
}

const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = fromYazl('buffer-crc32') as BufferCrc32;

/** What buffer-crc32's `unsigned` answers, computed natively. */
export function nativeUnsignedCrc32(input: Buffer | string, previous?: Previous): number {
  const start = Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : (previous ?? 0) >>> 0;
  return crc32(input, start);
}

bufferCrc32.unsigned = nativeUnsignedCrc32;
