import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { multipartBody } from '@portal/test-support/multipart';
import { describe, expect, it } from 'vitest';
import { as, useTestApp } from '../../../test/app.ts';
import { createBrowser, signIn } from '../../../test/auth/browser.ts';
import { cookieHeaderOf } from '../../../test/cookies.ts';
import { onPostgresServer } from '../../../test/db.ts';
import { testEngine } from '../../../test/engine.ts';
import { sandboxDatabasesOf, spareDatabasesOf } from '../../../test/sandbox-databases.ts';
import { quoteIdentifier } from '../../db/engine.ts';
import { LISTENER_NAME } from '../../db/team-signal.ts';
import { KEPT_IN_ROW_BYTES } from '../../services/agent-files.ts';
import { makePdf } from '../scenarios/demo-files.ts';
import { sandboxDatabaseName } from './postgres-sandboxes.ts';
import { sandboxesRoot } from './sandboxes.ts';

// Sandboxes: a private copy of a scenario per X-Sandbox client or browser cookie.
const t = useTestApp({ env: { SANDBOX_MAX: '3', SANDBOX_IDLE_MINUTES: '30' } });

const inSandbox = (sandbox: string, email = 'owner@example.com') => ({ ...as(email), 'x-sandbox': sandbox });
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
  t.http({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
const sharingState = async (headers: Record<string, string>) => {
  const response = await call('GET', '/api/v1/admin/sharings', headers);
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string; status: string }[]).find((s) => s.id === 'inv-second-accepted')
    ?.status;
};
// Larger than a row keeps (KEPT_IN_ROW_BYTES): a file of its own.
const uploadDocument = async (headers: Record<string, string>) => {
  const content = Buffer.concat([makePdf(['Sandbox document']), Buffer.alloc(KEPT_IN_ROW_BYTES)]);
  const body = await multipartBody([{ name: 'a.pdf', content }]);
  return t.call(
    'POST',
    '/api/v1/agents/files/upload/section/REGISTRATION',
    { ...headers, ...body.headers },
    body.payload,
  );
};
const filesOf = async (headers: Record<string, string>) =>
  JSON.stringify((await call('GET', '/api/v1/agents/files', headers)).json());
// In team mode each instance keeps its sandboxes in a folder of its own (sandboxesRoot).
const worldsDir = () => path.join(sandboxesRoot(t.config), 'worlds');
const sandboxFolders = () => readdir(worldsDir()).catch(() => []);
/** Team mode: the sandboxes' databases on the server (one per sandbox, named after the main one). */
const sandboxDatabases = () => sandboxDatabasesOf(t.config.databaseUrl, t.config.dataDir);

describe('sandbox isolation', () => {
  it('gives two clients their own rows: a change in one is seen neither by the other nor the shared world', async () => {
    const admin = 'admin@example.com';
    const before = await sharingState(as(admin));
    const suspended = await call(
      'PUT',
      '/api/v1/admin/sharings/inv-second-accepted/suspend',
      inSandbox('alpha', admin),
    );
    expect(suspended.statusCode).toBe(200);
    expect(await sharingState(inSandbox('alpha', admin))).not.toBe(before);
    expect(await sharingState(inSandbox('beta', admin))).toBe(before);
    expect(await sharingState(as(admin))).toBe(before);
  });

  it('keeps uploaded files apart: a sandbox document is stored in its own folder only', async () => {
    const upload = await uploadDocument(inSandbox('alpha', 'newco@example.com'));
    expect(upload.statusCode).toBe(201);
    expect(await filesOf(inSandbox('alpha', 'newco@example.com'))).toContain('a.pdf');
    expect(await filesOf(inSandbox('beta', 'newco@example.com'))).not.toContain('a.pdf');
    expect(await filesOf(as('newco@example.com'))).not.toContain('a.pdf');
    const alphaFiles = await readdir(path.join(worldsDir(), 'alpha', 'agent-files'));
    const betaFiles = await readdir(path.join(worldsDir(), 'beta', 'agent-files'));
    const sharedFiles = await readdir(path.join(t.config.dataDir, 'agent-files'));
    expect(alphaFiles.length).toBe(betaFiles.length + 1);
    expect(sharedFiles.length).toBe(betaFiles.length);
  });

  // On SQLite a sandbox is a copy of its scenario's template folder (team mode's come from postgres-sandboxes.ts).
  it.skipIf(testEngine() === 'postgresql')(
    "links the scenario's stored documents instead of copying them: one file per document, removed from one sandbox only",
    async () => {
      const documents = async (sandbox: string) => {
        const folder = path.join(worldsDir(), sandbox, 'agent-files');
        const names = (await readdir(folder)).sort();
        return Promise.all(
          names.map(async (name) => ({ name, ino: (await stat(path.join(folder, name))).ino })),
        );
      };
      await call('GET', '/api/v1/users/me', inSandbox('gamma'));
      await call('GET', '/api/v1/users/me', inSandbox('delta'));
      const gamma = await documents('gamma');
      expect(gamma.length).toBeGreaterThan(0);
      expect(await documents('delta')).toEqual(gamma);
      const [first] = gamma;
      if (!first) throw new Error('the demo has documents');
      await rm(path.join(worldsDir(), 'gamma', 'agent-files', first.name));
      expect(await documents('delta')).toEqual(gamma);
    },
  );

  it('refuses a malformed X-Sandbox with 400 in the envelope', async () => {
    const response = await t.call('GET', '/api/v1/products', {
      ...as('owner@example.com'),
      'x-sandbox': '../etc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'X-Sandbox' });
  });

  it('reports the caller world: shared by default, the sandbox with its expiry otherwise', async () => {
    const shared = await t.call('GET', '/api/v1/sim/sandbox');
    expect(shared.json()).toMatchObject({ id: null, scenario: 'demo', expiresAt: null });
    const own = await t.call('GET', '/api/v1/sim/sandbox', { 'x-sandbox': 'alpha' });
    expect(own.json()).toMatchObject({ id: 'alpha', scenario: 'demo' });
    expect(new Date(own.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });
});

describe('a sandbox removed while it is called', () => {
  it('gives the late call a fresh copy, made once the old folder is gone', async () => {
    const sandboxes = t.app.portal.simulator.sandboxes;
    const admin = inSandbox('leaving', 'admin@example.com');
    const fresh = await sharingState(admin);
    await call('PUT', '/api/v1/admin/sharings/inv-second-accepted/suspend', admin);
    const old = await sandboxes.resolve('leaving');
    // The late call starts while the removal is under way (the removal deletes the folder last).
    const [removed, again] = await Promise.all([sandboxes.remove('leaving'), sandboxes.resolve('leaving')]);
    expect(removed).toBe(true);
    expect(again).not.toBe(old);
    expect(await sandboxFolders()).toContain('leaving');
    expect(await sharingState(admin)).toBe(fresh);
  });

  it.skipIf(testEngine() !== 'postgresql')(
    'team mode: the sweep drops what an instance killed while removing left behind',
    async () => {
      // A removed sandbox's folder moved aside and its database, as a SIGKILL after the answer leaves them.
      const database = sandboxDatabaseName(t.config.databaseUrl, 'killed');
      await onPostgresServer((client) => client.query(`CREATE DATABASE ${quoteIdentifier(database)}`));
      const removed = path.join(sandboxesRoot(t.config), 'removed');
      await mkdir(path.join(removed, 'killed.0123abcd'), { recursive: true });
      expect(await sandboxDatabases()).toContain(database);
      await t.app.portal.simulator.sandboxes.sweep();
      expect(await sandboxDatabases()).not.toContain(database);
      expect(await readdir(removed)).toEqual([]);
    },
  );
});

describe('team mode: connections opened ahead', () => {
  it.skipIf(testEngine() !== 'postgresql')(
    'a creation starts its handle on the listening and pooled connections this instance opened to its spare',
    async () => {
      /** Backends on each database, by kind (the listening connection or a pooled one) and start. */
      const backends = (databases: string[]) =>
        onPostgresServer(async (client) => {
          const { rows } = await client.query(
            'SELECT datname, application_name, backend_start FROM pg_stat_activity WHERE datname = ANY($1::text[])',
            [databases],
          );
          return rows as { datname: string; application_name: string; backend_start: Date }[];
        });
      const spares = () => spareDatabasesOf(t.config.databaseUrl, t.config.dataDir);
      const opened = async () => {
        const names = await spares();
        const found = await backends(names);
        return (
          names.length > 0 &&
          names.every((name) => {
            const kinds = found.filter((backend) => backend.datname === name).map((b) => b.application_name);
            return kinds.includes(LISTENER_NAME) && kinds.some((kind) => kind !== LISTENER_NAME);
          })
        );
      };
      // The spares of the scenario's template (started by the sandboxes made above) hold both connections.
      await expect.poll(opened, { timeout: 30_000, interval: 200 }).toBe(true);
      const before = new Date();
      const created = await t.call('POST', '/api/v1/sim/sandboxes', 'owner@example.com', {
        scenario: 'demo',
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: string };
      const { database } = JSON.parse(
        await readFile(path.join(sandboxesRoot(t.config), 'worlds', id, 'sandbox.json'), 'utf8'),
      ) as { database: string };
      const serving = await backends([database]);
      const listening = serving.filter((backend) => backend.application_name === LISTENER_NAME);
      expect(listening).toHaveLength(1);
      expect(listening[0]?.backend_start.getTime()).toBeLessThan(before.getTime());
      expect(serving.some((b) => b.application_name !== LISTENER_NAME && b.backend_start < before)).toBe(
        true,
      );
      // The sandbox works, and its handle closes both when it is left.
      expect((await call('GET', '/api/v1/products', inSandbox(id))).statusCode).toBe(200);
      expect((await t.call('DELETE', '/api/v1/sim/sandbox', inSandbox(id))).statusCode).toBe(204);
      await expect.poll(() => backends([database]), { timeout: 10_000 }).toEqual([]);
    },
    60_000,
  );
});

describe('download jobs in a sandbox', () => {
  it('runs on the sandbox clock and serves the export from the sandbox folder', async () => {
    const owner = inSandbox('jobs');
    const job = (await call('POST', '/api/v1/products/prod-veh-1/download', owner)).json() as { id: string };
    const world = await t.app.portal.simulator.sandboxes.resolve('jobs');
    world.clock.advance(2_000);
    await world.runners.jobs.tick();
    world.clock.advance(5_000);
    await world.runners.jobs.tick();
    const { link } = (await call('GET', `/api/v1/products/download/jobs/${job.id}/link`, owner)).json();
    const download = await call('GET', link, owner);
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'application/zip']);
    // Beside the zips of the scenario's seeded downloads.
    const { filePath } = await world.prisma.downloadJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(filePath).toMatch(new RegExp(`^${job.id}-[A-Za-z0-9]{12}\\.zip$`));
    expect(await readdir(path.join(world.dataDir, 'exports'))).toContain(filePath);
    expect(await readdir(path.join(t.config.dataDir, 'exports')).catch(() => [])).not.toContain(filePath);
    expect((await call('GET', link, as('owner@example.com'))).statusCode).not.toBe(200);
  });
});

describe('signing in inside a sandbox', () => {
  it('runs the built-in provider sign-in against the sandbox accounts and session table', async () => {
    const browser = createBrowser(t);
    browser.setCookie('portal_sandbox', 'signin');
    await signIn(browser, 'owner@example.com');
    const token = browser.cookie('portal_session');
    expect(token).toBeDefined();
    const cookie = `portal_sandbox=signin; portal_session=${token}`;
    expect((await call('GET', '/api/v1/users/me', { cookie })).json().email).toBe('owner@example.com');
    // The session lives in the sandbox only: the shared world does not know it.
    expect((await call('GET', '/api/v1/users/me', { cookie: `portal_session=${token}` })).statusCode).toBe(
      401,
    );
  });
});

describe('sandbox limits and expiry', () => {
  it('removes the least recently used sandbox when one more than SANDBOX_MAX is needed', async () => {
    await call('GET', '/api/v1/products', inSandbox('alpha'));
    await call('GET', '/api/v1/products', inSandbox('gamma'));
    // alpha, beta, gamma are alive (max 3); beta is the least recently used.
    await call('GET', '/api/v1/products', inSandbox('delta'));
    expect((await sandboxFolders()).sort()).toEqual(['alpha', 'delta', 'gamma']);
    expect(t.app.portal.simulator.sandboxes.count).toBe(3);
    // Team mode: the removed sandbox's database is dropped after the call, in the background.
    if (testEngine() === 'postgresql')
      await expect.poll(sandboxDatabases, { timeout: 10_000 }).toHaveLength(3);
  });

  it('removes sandboxes idle longer than SANDBOX_IDLE_MINUTES, files included', async () => {
    const { sandboxes } = t.app.portal.simulator;
    const alpha = await sandboxes.resolve('alpha');
    const idleSince = new Date(Date.now() - 31 * 60_000);
    alpha.lastUsedAt = idleSince.getTime();
    // In team mode the last use every instance sees is the sandbox record's modification time.
    await utimes(path.join(worldsDir(), 'alpha', 'sandbox.json'), idleSince, idleSince).catch(
      () => undefined,
    );
    await sandboxes.sweep();
    expect((await sandboxFolders()).sort()).toEqual(['delta', 'gamma']);
    if (testEngine() === 'postgresql')
      await expect.poll(sandboxDatabases, { timeout: 10_000 }).toHaveLength(2);
    // Called again, it starts over from the scenario: the earlier upload is gone.
    expect(await filesOf(inSandbox('alpha', 'newco@example.com'))).not.toContain('a.pdf');
  });

  it('creates a named sandbox from a scenario, sets the cookie and keeps the caller signed in', async () => {
    const created = await t.call('POST', '/api/v1/sim/sandboxes', 'fleet@example.com', { scenario: 'demo' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const cookies = cookieHeaderOf(created);
    expect(cookies).toContain(`portal_sandbox=${id}`);
    expect(cookies).toContain('portal_session=');
    const me = await t.call('GET', '/api/v1/users/me', { cookie: cookies });
    expect(me.json().email).toBe('fleet@example.com');
    const world = await t.call('GET', '/api/v1/sim/sandbox', { cookie: cookies });
    expect(world.json().id).toBe(id);
    const unknown = await t.http({
      method: 'POST',
      url: '/api/v1/sim/sandboxes',
      payload: { scenario: 'nope' },
    });
    expect(unknown.statusCode).toBe(400);
    const left = await t.call('DELETE', '/api/v1/sim/sandbox', { cookie: cookies });
    expect(left.statusCode).toBe(204);
    expect(await sandboxFolders()).not.toContain(id);
  });
});
