import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

// The one zip reader of the tests (server and browser): exports are checked by their entries.

/** Every entry of a zip held in memory, by path, in the zip's order; a wrong CRC-32 rejects. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('Not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('Unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            const content = Buffer.concat(chunks);
            // yauzl checks sizes, not checksums: an archive tool would refuse a wrong one.
            if (crc32(content) !== entry.crc32) return reject(new Error(`Bad CRC-32 for ${entry.fileName}`));
            entries.set(entry.fileName, content);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Every entry of a zip as UTF-8 text, by path. */
export async function readZipText(buffer: Buffer): Promise<Map<string, string>> {
  const entries = await readZip(buffer);
  return new Map([...entries].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}
