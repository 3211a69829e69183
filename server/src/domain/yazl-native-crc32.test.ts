import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { nativeUnsignedCrc32 } from './yazl-native-crc32.ts';

// The native checksum yazl now uses must answer exactly what buffer-crc32's JavaScript loop answers.
const bufferCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
  unsigned(input: Buffer | string, previous?: number | Buffer): number;
  signed(input: Buffer | string, previous?: number | Buffer): number;
};
/** The JavaScript implementation, still reachable through `signed`. */
const javascriptCrc = (input: Buffer | string, previous?: number | Buffer) =>
  bufferCrc32.signed(input, previous) >>> 0;

describe('native CRC-32 for yazl', () => {
  it('is the function yazl calls', () => {
    expect(bufferCrc32.unsigned).toBe(nativeUnsignedCrc32);
  });

  it('answers the same checksum as buffer-crc32, whole or chunk by chunk as a stream feeds it', () => {
    const data = randomBytes(200_003);
    expect(nativeUnsignedCrc32(data)).toBe(javascriptCrc(data));
    let running = 0;
    for (let offset = 0; offset < data.length; offset += 65_536) {
      running = nativeUnsignedCrc32(data.subarray(offset, offset + 65_536), running);
    }
    expect(running).toBe(javascriptCrc(data));
    expect(nativeUnsignedCrc32(Buffer.alloc(0))).toBe(0);
  });

  it('accepts a string and a previous checksum given as a buffer, like buffer-crc32', () => {
    const previous = Buffer.alloc(4);
    previous.writeUInt32BE(javascriptCrc('first part '), 0);
    expect(nativeUnsignedCrc32('grüße, second part', previous)).toBe(
      javascriptCrc('grüße, second part', previous),
    );
    expect(nativeUnsignedCrc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });
});
