import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

// The simulator panel is a lazy chunk of every non-production build and absent from a production one.
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
// Strings only the panel's code contains (an operation path it calls and one of its class names).
const markers = ['/api/v1/sim/personas', 'simulator__persona'];
let outDir = '';

async function builtFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.map')) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file, 'utf8'));
  }
  return files;
}

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('simulator in the built web app', () => {
  it('is its own lazily loaded chunk in the regular build', async () => {
    const files = await builtFiles(path.join(webDir, 'dist'));
    const holders = [...files].filter(([, text]) => markers.some((marker) => text.includes(marker)));
    const names = holders.map(([name]) => name);
    expect(names.some((name) => name.endsWith('.js'))).toBe(true);
    for (const name of names) expect(name).toMatch(/^assets\/simulator-entry-[\w-]+\.(js|css)$/);
    const index = files.get('index.html') ?? '';
    expect(index).not.toContain('simulator-entry');
  });

  it('adds 0 bytes to a production build (PORTAL_MODE=production)', { timeout: 300_000 }, async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'portal-web-production-'));
    const previous = process.env.PORTAL_MODE;
    process.env.PORTAL_MODE = 'production';
    try {
      await build({
        root: webDir,
        configFile: path.join(webDir, 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, sourcemap: false },
      });
    } finally {
      if (previous === undefined) delete process.env.PORTAL_MODE;
      else process.env.PORTAL_MODE = previous;
    }
    const files = await builtFiles(outDir);
    expect(files.size).toBeGreaterThan(3);
    for (const [name, text] of files) {
      expect(name).not.toMatch(/simulator/i);
      for (const marker of markers) expect(text.includes(marker), `${name} contains ${marker}`).toBe(false);
    }
  });
});
