import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../test/app.ts';

// SANDBOX_PREPARE: the default scenario's template is built at start, so the first sandbox is a copy.
const t = useTestApp({ env: { SANDBOX_PREPARE: '1' } });

const templates = () => readdir(path.join(t.config.dataDir, 'sandboxes', 'templates')).catch(() => []);

describe('sandbox template prepared at start', () => {
  it('builds the demo template before any sandbox is asked for, and the first sandbox copies it', async () => {
    await expect.poll(templates, { timeout: 30_000, interval: 100 }).toContain('demo');
    const worlds = await readdir(path.join(t.config.dataDir, 'sandboxes', 'worlds'));
    expect(worlds).toEqual([]);
    const first = await t.call('GET', '/api/v1/products', {
      ...as('owner@example.com'),
      'x-sandbox': 'first',
    });
    expect(first.statusCode).toBe(200);
    // The sandbox is a copy of that template (the timing is scripts/bench-sandboxes.ts's business).
    expect(await readdir(path.join(t.config.dataDir, 'sandboxes', 'worlds'))).toEqual(['first']);
    expect(await templates()).toEqual(['demo']);
  }, 60_000);
});
