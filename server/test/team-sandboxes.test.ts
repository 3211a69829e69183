// Sandboxes in team mode (issue 24, decision 0069): one PostgreSQL database per sandbox, made through one
// instance and used through any; its world (rows, clock, faults, calls) stays its own; left through
// another instance, it is gone for both.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxDatabasesOf, spareDatabasesOf } from './sandbox-databases.ts';
import { persona, useTeam } from './team.ts';

// A fixed stock of two spares (no growth with the creations: decision 0119 has its own test).
const team = useTeam({ instances: 2, env: { SANDBOX_SPARES: '2', SANDBOX_SPARES_MAX: '2' } });
const admin = persona('admin@example.com');
const inSandbox = (id: string) => ({ ...admin, 'x-sandbox': id });

const sandboxDatabases = () => sandboxDatabasesOf(team.databaseUrl, team.dataDir);
const spareDatabases = () => spareDatabasesOf(team.databaseUrl, team.dataDir);
const sandboxFolders = () => readdir(path.join(team.dataDir, 'sandboxes', 'worlds')).catch(() => []);
const sharingStatus = async (index: number, headers: Record<string, string>) => {
  const answer = await team.call(index, 'GET', '/api/v1/admin/sharings', { headers });
  expect(answer.status).toBe(200);
  return (answer.json() as { id: string; status: string }[]).find((s) => s.id === 'inv-second-accepted')
    ?.status;
};

describe('sandboxes across two instances', () => {
  it('a sandbox made through one instance is the same world through the other, apart from the shared one', async () => {
    const before = await sharingStatus(0, admin);
    const created = await team.call(0, 'POST', '/api/v1/sim/sandboxes', {
      headers: admin,
      body: { scenario: 'demo', id: 'alpha' },
    });
    expect(created.status).toBe(201);
    expect(await sandboxDatabases()).toHaveLength(1);
    // A write through instance 0, read through instance 1 (which attaches to the sandbox's database).
    const suspended = await team.call(0, 'PUT', '/api/v1/admin/sharings/inv-second-accepted/suspend', {
      headers: inSandbox('alpha'),
    });
    expect(suspended.status).toBe(200);
    const changed = await sharingStatus(1, inSandbox('alpha'));
    expect(changed).not.toBe(before);
    expect(await sharingStatus(0, inSandbox('alpha'))).toBe(changed);
    expect(await sharingStatus(1, admin)).toBe(before);
    const described = await team.call(1, 'GET', '/api/v1/sim/sandbox', { headers: inSandbox('alpha') });
    expect(described.json()).toMatchObject({ id: 'alpha', scenario: 'demo' });
    // A first call through either instance to a name nobody made yet makes it once.
    const first = await Promise.all([0, 1].map((index) => sharingStatus(index, inSandbox('beta'))));
    expect(first).toEqual([before, before]);
    expect((await sandboxDatabases()).length).toBe(2);
    expect((await sandboxFolders()).sort()).toEqual(['alpha', 'beta']);
  }, 60_000); // builds the scenario's template first

  it('keeps the sandbox its own clock, faults and calls, whichever instance serves it', async () => {
    const clockOf = async (index: number, headers: Record<string, string>) =>
      (await team.call(index, 'GET', '/api/v1/sim/clock', { headers })).json() as { now: string };
    const skipped = await team.call(0, 'POST', '/api/v1/sim/clock/advance', {
      headers: inSandbox('alpha'),
      body: { minutes: 1440 },
    });
    expect(skipped.status).toBe(200);
    const day = 86_400_000;
    expect(Date.parse((await clockOf(1, inSandbox('alpha'))).now) - Date.now()).toBeGreaterThan(
      day - day / 24,
    );
    expect(Math.abs(Date.parse((await clockOf(1, admin)).now) - Date.now())).toBeLessThan(day / 24);

    const armed = await team.call(1, 'POST', '/api/v1/sim/faults', {
      headers: inSandbox('alpha'),
      body: { operationId: 'listProducts', status: 503, code: 'SERVICE_UNAVAILABLE', count: 2 },
    });
    expect(armed.status).toBe(201);
    const owner = (index: number, sandbox?: string) =>
      team
        .call(index, 'GET', '/api/v1/products', {
          headers: { ...persona('owner@example.com'), ...(sandbox ? { 'x-sandbox': sandbox } : {}) },
        })
        .then((answer) => answer.status);
    expect(await owner(0)).toBe(200);
    expect(await owner(1, 'beta')).toBe(200);
    expect([await owner(0, 'alpha'), await owner(1, 'alpha'), await owner(0, 'alpha')]).toEqual([
      503, 503, 200,
    ]);

    const calls = async (index: number) =>
      (
        (await team.call(index, 'GET', '/api/v1/sim/calls', { headers: inSandbox('alpha') })).json() as {
          path: string;
        }[]
      ).map((call) => call.path);
    await expect.poll(() => calls(1), { timeout: 5_000 }).toContain('/api/v1/products');
    expect(await calls(0)).toEqual(await calls(1));
  });

  it('a sandbox left through one instance is gone for both: database, files, and the other instance’s handle', async () => {
    const left = await team.call(1, 'DELETE', '/api/v1/sim/sandbox', { headers: inSandbox('alpha') });
    expect(left.status).toBe(204);
    expect(await sandboxFolders()).toEqual(['beta']);
    // Its database is dropped after the answer, in the background.
    await expect.poll(sandboxDatabases, { timeout: 10_000, interval: 100 }).toHaveLength(1);
    // Called again through the instance that made it: a fresh copy of the scenario, nothing of before.
    const fresh = await sharingStatus(0, inSandbox('alpha'));
    expect(fresh).toBe(await sharingStatus(1, admin));
    expect((await sandboxFolders()).sort()).toEqual(['alpha', 'beta']);
  });

  it('a creation takes a spare database copied ahead, through either instance, and the spares are topped up', async () => {
    // The first creation of a scenario's sandbox (the tests above) started the spares of its template.
    await expect.poll(spareDatabases, { timeout: 30_000, interval: 200 }).toHaveLength(2);
    const spares = await spareDatabases();
    const made = await Promise.all(
      ['gamma', 'delta', 'epsilon'].map((id, index) =>
        team.call(index % 2, 'POST', '/api/v1/sim/sandboxes', {
          headers: admin,
          body: { scenario: 'demo', id },
        }),
      ),
    );
    expect(made.map((answer) => answer.status)).toEqual([201, 201, 201]);
    // Both spares were taken (they are sandboxes' databases now); the third was copied from the template,
    // or waited for a spare under way; each is its own world.
    const after = await spareDatabases();
    expect(after.filter((name) => spares.includes(name))).toEqual([]);
    for (const id of ['gamma', 'delta', 'epsilon']) {
      expect(await sharingStatus((id.length + 1) % 2, inSandbox(id))).toBe(await sharingStatus(0, admin));
    }
    expect((await sandboxFolders()).sort()).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma']);
    expect(await sandboxDatabases()).toHaveLength(5);
    await expect.poll(spareDatabases, { timeout: 30_000, interval: 200 }).toHaveLength(2);
  }, 90_000);

  it('a sandbox removed and made again at once keeps its new database: the drop after the answer spares it', async () => {
    const dropped = await Promise.all(
      ['gamma', 'delta'].map((id, index) =>
        team.call(index, 'DELETE', '/api/v1/sim/sandbox', { headers: inSandbox(id) }),
      ),
    );
    expect(dropped.map((answer) => answer.status)).toEqual([204, 204]);
    // Made again through the other instance right away, while the removals' drops may still be queued.
    const again = await team.call(1, 'POST', '/api/v1/sim/sandboxes', {
      headers: admin,
      body: { scenario: 'demo', id: 'gamma' },
    });
    expect(again.status).toBe(201);
    await expect.poll(sandboxDatabases, { timeout: 10_000, interval: 100 }).toHaveLength(4);
    expect((await sandboxFolders()).sort()).toEqual(['alpha', 'beta', 'epsilon', 'gamma']);
    expect(await sharingStatus(0, inSandbox('gamma'))).toBe(await sharingStatus(1, admin));
    const removedDir = path.join(team.dataDir, 'sandboxes', 'removed');
    await expect.poll(() => readdir(removedDir).catch(() => []), { timeout: 10_000 }).toEqual([]);
  }, 60_000);

  it('creations faster than one copy at a time still find spares: copies side by side, a creation without one waits for a copy under way', async () => {
    await expect.poll(spareDatabases, { timeout: 30_000, interval: 200 }).toHaveLength(2);
    const ids = ['zeta', 'eta', 'theta', 'iota', 'kappa'];
    // One after another through one instance, each as soon as the one before answers (more than the
    // two spares): the refill copies the missing ones side by side and the creations take them.
    for (const id of ids) {
      const made = await team.call(0, 'POST', '/api/v1/sim/sandboxes', {
        headers: admin,
        body: { scenario: 'demo', id },
      });
      expect(made.status).toBe(201);
    }
    const records = await Promise.all(
      ids.map(async (id) =>
        JSON.parse(
          await readFile(path.join(team.dataDir, 'sandboxes', 'worlds', id, 'sandbox.json'), 'utf8'),
        ),
      ),
    );
    // A spare keeps its name (`…_sbxp_…`); a creation that copied the template itself has a `…_sbx_…` one.
    // None did: a creation that finds no spare waits for a copy under way, whichever instance refills
    // (the other one may still hold the refill's lock as the first creation asks).
    expect(records.filter((record) => !/_sbxp_/.test(record.database))).toEqual([]);
    for (const id of ids) expect(await sharingStatus(1, inSandbox(id))).toBe(await sharingStatus(0, admin));
    await expect.poll(spareDatabases, { timeout: 30_000, interval: 200 }).toHaveLength(2);
    // A burst through one instance, more at once than the store's connections: the creations that wait
    // for a copy never hold the connections the copies need.
    const burst = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'];
    const answers = await Promise.all(
      burst.map((id) =>
        team.call(0, 'POST', '/api/v1/sim/sandboxes', { headers: admin, body: { scenario: 'demo', id } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(burst.map(() => 201));
    for (const id of burst) expect(await sharingStatus(1, inSandbox(id))).toBe(await sharingStatus(0, admin));
  }, 120_000);
});
