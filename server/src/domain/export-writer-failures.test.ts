import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { day, exportCar, generatedAt } from '../../test/export-fixtures.ts';
import { useTempDir } from '../../test/temp-dir.ts';
import { type WriteExportInput, writeExport } from './export-writer.ts';
import { recordsInWindows } from './telemetry.ts';

const car = exportCar();

const tempDir = useTempDir('export-failures');

describe('writeExport failures', () => {
  const failingSource = () =>
    (function* () {
      yield* recordsInWindows(car, [{ from: day('2025-03-01').getTime(), to: day('2025-03-02').getTime() }]);
      throw new Error('telemetry store unavailable');
    })();

  it('leaves no file behind when the data cannot be read', async () => {
    const destinationPath = join(tempDir(), 'failed.zip');
    const attempt = writeExport({
      products: [car],
      generatedAt,
      requestedBy: 'x',
      destinationPath,
      recordSource: failingSource,
    });
    await expect(attempt).rejects.toThrow('telemetry store unavailable');
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('keeps an earlier complete export in place when a rewrite fails', async () => {
    const destinationPath = join(tempDir(), 'kept.zip');
    await writeFile(destinationPath, 'previous export');
    await expect(
      writeExport({
        products: [car],
        generatedAt,
        requestedBy: 'x',
        destinationPath,
        recordSource: failingSource,
      }),
    ).rejects.toThrow();
    expect(await readFile(destinationPath, 'utf8')).toBe('previous export');
    expect(await readdir(tempDir())).toEqual(['kept.zip']);
  });

  it('stops and cleans up when aborted', async () => {
    const destinationPath = join(tempDir(), 'aborted.zip');
    const controller = new AbortController();
    const year = { ...car, periods: [{ from: day('2024-01-01'), to: day('2025-01-01') }] };
    const attempt = writeExport({
      products: [year],
      generatedAt,
      requestedBy: 'x',
      destinationPath,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(attempt).rejects.toThrow('job cancelled');
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('leaves no file behind when the temporary file cannot be written, or deflating fails', async () => {
    const attempt = (options: Partial<WriteExportInput>) =>
      writeExport({
        products: [car],
        generatedAt,
        requestedBy: 'x',
        destinationPath: join(tempDir(), 'x.zip'),
        ...options,
      });
    await expect(attempt({ tmpDir: join(tempDir(), 'missing-folder') })).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(attempt({ compressionLevel: 42 })).rejects.toThrow(RangeError);
    expect(await readdir(tempDir())).toEqual([]);
  });

  it('writes the temporary file in tmpDir and moves it into place', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'export-scratch-'));
    const destinationPath = join(tempDir(), 'moved.zip');
    const seen: string[] = [];
    const watcher = setInterval(async () => seen.push(...(await readdir(scratch).catch(() => []))), 1);
    try {
      const summary = await writeExport({
        products: [car],
        generatedAt,
        requestedBy: 'x',
        destinationPath,
        tmpDir: scratch,
      });
      expect((await stat(destinationPath)).size).toBe(summary.bytes);
      expect(await readdir(scratch)).toEqual([]);
      expect(await readdir(tempDir())).toEqual(['moved.zip']);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((name) => /^moved\.zip\.tmp-[0-9a-f]{16}$/.test(name))).toBe(true);
    } finally {
      clearInterval(watcher);
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
