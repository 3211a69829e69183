import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { agentFilesDirectory } from './agent-files.ts';
import { orphanQuietMs, removeOrphanDocuments } from './startup-cleanup.ts';

// Uploaded documents no row names: in team mode other instances write to the same folder, so only a
// file quiet for longer than any request can take is removed.
const t = useTestApp();

describe('removeOrphanDocuments', () => {
  it('removes unnamed documents quiet for longer than a request can take, keeps fresh ones and named ones', async () => {
    const directory = agentFilesDirectory(t);
    await mkdir(directory, { recursive: true });
    const named = await t.prisma.agentFile.findFirstOrThrow({ select: { storedName: true } });
    const now = Date.now();
    const quietMs = orphanQuietMs(t.config);
    expect(quietMs).toBe(t.config.timeouts.requestMs + 60_000);
    const old = new Date(now - quietMs - 1_000);
    for (const name of ['killed-upload.pdf', 'arriving-upload.pdf', named.storedName]) {
      await writeFile(path.join(directory, name), '%PDF-1.4');
      if (name !== 'arriving-upload.pdf') await utimes(path.join(directory, name), old, old);
    }
    expect(await removeOrphanDocuments(t, quietMs, now)).toBe(1);
    const left = await readdir(directory);
    expect(left).not.toContain('killed-upload.pdf');
    expect(left).toContain('arriving-upload.pdf');
    expect(left).toContain(named.storedName);
    // Alone on its database (a single server at start), nothing is arriving: no wait.
    expect(await removeOrphanDocuments(t, 0, Date.now() + 1)).toBe(1);
    expect(await readdir(directory)).not.toContain('arriving-upload.pdf');
  });
});
