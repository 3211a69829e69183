import type { MultipartFile } from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, receiveFiles } from './agent-files.ts';

// The upload is checked while it streams: the first breach stops reading, so a rejected batch
// never sits in memory.
const pdfHead = Buffer.from('%PDF-1.7\n');
const chunkSize = 64 * 1024;

function fakeUpload(files: { head: Buffer; bytes: number }[]) {
  const pulled = { chunks: 0, files: 0 };
  async function* chunks(head: Buffer, bytes: number) {
    for (let sent = 0; sent < bytes; sent += chunkSize) {
      pulled.chunks += 1;
      const chunk = Buffer.alloc(Math.min(chunkSize, bytes - sent));
      if (sent === 0) head.copy(chunk);
      yield chunk;
    }
  }
  async function* parts() {
    for (const [index, file] of files.entries()) {
      pulled.files += 1;
      const stream = Object.assign(chunks(file.head, file.bytes), { truncated: false });
      yield {
        type: 'file',
        fieldname: 'file',
        filename: `doc-${index}.pdf`,
        file: stream,
      } as unknown as MultipartFile;
    }
  }
  return { parts: parts(), pulled };
}

describe('receiveFiles while streaming', () => {
  it('stops at the first chunk past 5 MB', async () => {
    const upload = fakeUpload([
      { head: pdfHead, bytes: MAX_FILE_BYTES + 10 * chunkSize },
      { head: pdfHead, bytes: chunkSize },
    ]);
    await expect(receiveFiles(upload.parts)).rejects.toMatchObject({
      statusCode: 413,
      code: 'FILE_TOO_LARGE',
    });
    expect(upload.pulled.chunks).toBe(MAX_FILE_BYTES / chunkSize + 1);
    expect(upload.pulled.files).toBe(1);
  });

  it('stops at the first chunk of a file that is not a PDF or PNG', async () => {
    const upload = fakeUpload([{ head: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes: 4 * 1024 * 1024 }]);
    await expect(receiveFiles(upload.parts)).rejects.toMatchObject({
      statusCode: 415,
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'File type is not allowed: doc-0.pdf',
    });
    expect(upload.pulled.chunks).toBe(1);
  });

  it('refuses the file that does not fit the section before reading it', async () => {
    const upload = fakeUpload([
      { head: pdfHead, bytes: chunkSize },
      { head: pdfHead, bytes: 4 * 1024 * 1024 },
    ]);
    await expect(receiveFiles(upload.parts, 1)).rejects.toMatchObject({
      statusCode: 400,
      code: 'TOO_MANY_FILES',
    });
    expect(upload.pulled.chunks).toBe(1);
  });

  it('keeps valid files', async () => {
    const upload = fakeUpload([{ head: pdfHead, bytes: 3 * chunkSize }]);
    const files = await receiveFiles(upload.parts);
    expect(files.map((file) => [file.filename, file.buffer.length])).toEqual([['doc-0.pdf', 3 * chunkSize]]);
  });
});
