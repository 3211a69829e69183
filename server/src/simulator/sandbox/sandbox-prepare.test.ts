import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../../test/app.ts';
import { testEngine } from '../../../test/engine.ts';
import { sandboxesRoot } from './sandboxes.ts';

// SANDBOX_PREPARE: the default scenario's template is built and a warm-up sandbox made and removed
// before the server is ready (so before /api/v1/health answers): the first sandbox is a copy.
const t = useTestApp({ env: { SANDBOX_PREPARE: '1' } });

const root = () => sandboxesRoot(t.config);
// In team mode the template is a database named by the migrations and the day; its files' folder too.
const demoTemplate = () =>
  testEngine() === 'postgresql' ? [expect.stringMatching(/_sbxt_\w+_\d{8}$/)] : ['demo'];
const templates = () => readdir(path.join(root(), 'templates')).catch(() => []);

describe('sandbox template prepared at start', () => {
  it('is ready only once the demo template is built, leaves no warm-up sandbox, and the first sandbox copies it', async () => {
    expect(await templates()).toEqual(demoTemplate());
    const health = await t.http({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const worlds = await readdir(path.join(root(), 'worlds'));
    expect(worlds).toEqual([]);
    const first = await t.call('GET', '/api/v1/products', {
      ...as('owner@example.com'),
      'x-sandbox': 'first',
    });
    expect(first.statusCode).toBe(200);
    // The sandbox is a copy of that template (the timing is scripts/bench-sandboxes.ts's business).
    expect(await readdir(path.join(root(), 'worlds'))).toEqual(['first']);
    expect(await templates()).toEqual(demoTemplate());
  }, 60_000);
});
