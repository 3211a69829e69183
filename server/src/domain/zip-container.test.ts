import { crc32, deflateRawSync } from 'node:zlib';
import { readZip } from '@portal/test-support/zip';
import { describe, expect, it } from 'vitest';
import { ZipContainer } from './zip-container.ts';

const mtime = new Date(2026, 0, 2, 3, 4, 6);

/** A zip of the given files, each deflated in two parts as the exports hand them over. */
function zipOf(files: Record<string, Buffer>, forceZip64 = false): { zip: Buffer; size: number } {
  const chunks: Buffer[] = [];
  const container = new ZipContainer((chunk) => chunks.push(chunk), { forceZip64 });
  for (const [path, content] of Object.entries(files)) {
    container.beginEntry(path, mtime);
    const deflated = deflateRawSync(content);
    container.data(deflated.subarray(0, 3));
    container.data(deflated.subarray(3));
    container.endEntry(crc32(content), content.length);
  }
  const size = container.finish();
  return { zip: Buffer.concat(chunks), size };
}

describe('ZipContainer', () => {
  const files = {
    'data-dictionary.csv': Buffer.from('a,b\r\n1,2\r\n'),
    'products/vehicle-é/data.json': Buffer.from(JSON.stringify({ many: 'x'.repeat(100_000) })),
    'empty.csv': Buffer.alloc(0),
  };

  for (const forceZip64 of [false, true]) {
    it(`writes entries a zip reader accepts, checksums checked${forceZip64 ? ', with Zip64 records' : ''}`, async () => {
      const { zip, size } = zipOf(files, forceZip64);
      expect(size).toBe(zip.length);
      const entries = await readZip(zip);
      expect([...entries.keys()]).toEqual(Object.keys(files));
      for (const [path, content] of Object.entries(files))
        expect(entries.get(path)?.equals(content)).toBe(true);
    });
  }

  it('uses Zip64 records only when asked or needed', () => {
    const zip64EndRecord = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
    expect(zipOf(files).zip.includes(zip64EndRecord)).toBe(false);
    expect(zipOf(files, true).zip.includes(zip64EndRecord)).toBe(true);
  });

  it('rejects a wrong checksum through the reader', async () => {
    const chunks: Buffer[] = [];
    const container = new ZipContainer((chunk) => chunks.push(chunk));
    container.beginEntry('data.csv', mtime);
    container.data(deflateRawSync(Buffer.from('right')));
    container.endEntry(crc32(Buffer.from('wrong')), 5);
    container.finish();
    await expect(readZip(Buffer.concat(chunks))).rejects.toThrow('Bad CRC-32 for data.csv');
  });

  it('refuses entries out of order', () => {
    const container = new ZipContainer(() => {});
    expect(() => container.data(Buffer.alloc(1))).toThrow('No zip entry is open');
    container.beginEntry('a', mtime);
    expect(() => container.beginEntry('b', mtime)).toThrow('The previous zip entry is still open');
    expect(() => container.finish()).toThrow('A zip entry is still open');
  });
});
