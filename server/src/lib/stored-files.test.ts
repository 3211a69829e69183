import { ReadStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/temp-dir.ts';
import { keepFixedBytes, keptFixedBytes, openStoredFile, type StoredFile } from './stored-files.ts';

// A stored file's bytes may be kept between downloads, but never outlive the file: each download looks
// at the file first.
const dir = useTempDir('stored-files-');

describe('openStoredFile', () => {
  it('answers a small file as its bytes, the same bytes again while the file is unchanged', async () => {
    const file = path.join(dir(), 'a.zip');
    await writeFile(file, 'first');
    const first = await openStoredFile(file);
    expect(first).toEqual({ size: 5, body: Buffer.from('first') });
    const again = await openStoredFile(file);
    expect(again?.body).toBe(first?.body);
  });

  it('answers a kept file at once, without a promise; a file not yet read, or replaced, through one', async () => {
    const file = path.join(dir(), 'at-once.zip');
    await writeFile(file, 'first');
    const read = openStoredFile(file);
    expect(read).toBeInstanceOf(Promise);
    await read;
    const kept = openStoredFile(file);
    expect(kept).not.toBeInstanceOf(Promise);
    expect((kept as StoredFile).body.toString()).toBe('first');
    const next = path.join(dir(), 'at-once.tmp');
    await writeFile(next, 'other');
    await rename(next, file);
    const replaced = openStoredFile(file);
    expect(replaced).toBeInstanceOf(Promise);
    expect((await replaced)?.body.toString()).toBe('other');
    await rm(file);
    expect(openStoredFile(file)).toBeNull();
  });

  it('keeps bytes that never change under their key apart from the files', () => {
    const bytes = Buffer.from('row bytes');
    keepFixedBytes('agent-file-row:k1', bytes);
    expect(keptFixedBytes('agent-file-row:k1')).toBe(bytes);
    expect(keptFixedBytes('agent-file-row:k2')).toBeUndefined();
    expect(openStoredFile('agent-file-row:k1')).toBeNull();
  });

  it('never answers a removed file from memory', async () => {
    const file = path.join(dir(), 'gone.zip');
    await writeFile(file, 'bytes');
    expect(await openStoredFile(file)).not.toBeNull();
    await rm(file);
    expect(await openStoredFile(file)).toBeNull();
  });

  it('answers a file replaced under the same name and size with its new bytes', async () => {
    const file = path.join(dir(), 'replaced.zip');
    await writeFile(file, 'old!!');
    expect((await openStoredFile(file))?.body.toString()).toBe('old!!');
    const next = path.join(dir(), 'next.tmp');
    await writeFile(next, 'new!!');
    await rename(next, file);
    expect((await openStoredFile(file))?.body.toString()).toBe('new!!');
  });

  it('streams a large file, and answers null for a folder or a missing path', async () => {
    const file = path.join(dir(), 'large.zip');
    await writeFile(file, Buffer.alloc(2 << 20, 1));
    const large = await openStoredFile(file);
    if (!large) throw new Error('a large file answered null');
    expect(large.size).toBe(2 << 20);
    expect(large.body).toBeInstanceOf(ReadStream);
    (large.body as ReadStream).destroy();
    expect(await openStoredFile(dir())).toBeNull();
    expect(await openStoredFile(path.join(dir(), 'missing.zip'))).toBeNull();
  });
});
