import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { multipartBody } from '@portal/test-support/multipart';
import { describe, expect, it } from 'vitest';
import { as, codeOf, createTestApp, useTestApp } from '../../../test/app.ts';
import { cookieHeaderOf } from '../../../test/cookies.ts';
import { writeElsewhere } from '../../../test/db.ts';
import { makePdf } from '../scenarios/demo-files.ts';

// Simulator operations of the panel: personas, clock jumps, snapshots, call list, fault choices.
const t = useTestApp();

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.http({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('personas', () => {
  it('lists every account with role and state, people first', async () => {
    const personas = (await call('GET', '/api/v1/sim/personas')).json() as {
      email: string;
      role: string;
      termsToAccept: string | null;
      agentStatus: string | null;
    }[];
    expect(personas[0]?.role).toBe('user');
    expect(personas.find((p) => p.email === 'pending@example.com')).toMatchObject({
      role: 'agent',
      agentStatus: 'pending',
    });
    expect(personas.find((p) => p.email === 'terms@example.com')?.termsToAccept).not.toBeNull();
  });

  it('answers the same list while nothing changed, and a change by another connection on the next call', async () => {
    const first = await call('GET', '/api/v1/sim/personas');
    expect((await call('GET', '/api/v1/sim/personas')).body).toBe(first.body);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: "UPDATE User SET fullName = 'Renamed Persona' WHERE email = 'owner@example.com'",
        postgresql: `UPDATE "User" SET "fullName" = 'Renamed Persona' WHERE email = 'owner@example.com'`,
      },
      [],
    );
    const after = (await call('GET', '/api/v1/sim/personas')).json() as { email: string; fullName: string }[];
    expect(after.find((p) => p.email === 'owner@example.com')?.fullName).toBe('Renamed Persona');
  });

  it('signs in as a persona in one call, ending the previous session', async () => {
    const first = await call('POST', '/api/v1/sim/persona', { email: 'owner@example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: 'owner@example.com', role: 'user' });
    const second = await call(
      'POST',
      '/api/v1/sim/persona',
      { email: 'ADMIN@example.com' },
      {
        cookie: cookieHeaderOf(first),
      },
    );
    expect(second.json().role).toBe('admin');
    const oldSession = await call('GET', '/api/v1/users/me', undefined, { cookie: cookieHeaderOf(first) });
    expect(oldSession.statusCode).toBe(401);
    const newSession = await call('GET', '/api/v1/users/me', undefined, { cookie: cookieHeaderOf(second) });
    expect(newSession.json().email).toBe('admin@example.com');
    const missing = await call('POST', '/api/v1/sim/persona', { email: 'nobody@example.com' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'PERSONA_NOT_FOUND']);
  });
});

describe('clock jumps', () => {
  it('moves simulated time ahead by whole minutes and refuses out-of-range jumps', async () => {
    const before = t.clock.now().getTime();
    const jumped = await call('POST', '/api/v1/sim/clock/advance', { minutes: 1440 });
    expect(jumped.statusCode).toBe(200);
    expect(new Date(jumped.json().now).getTime() - before).toBe(86_400_000);
    expect(codeOf(await call('POST', '/api/v1/sim/clock/advance', { minutes: 0 }))).toBe('VALIDATION_FAILED');
    expect(codeOf(await call('POST', '/api/v1/sim/clock/advance', { minutes: 600_000 }))).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('fault choices', () => {
  it('lists each faultable operation with the statuses and codes the contract declares for it', async () => {
    const operations = (await call('GET', '/api/v1/sim/operations')).json() as {
      operationId: string;
      statuses: number[];
      errorCodes: { code: string; status: number }[];
    }[];
    const redeem = operations.find((operation) => operation.operationId === 'redeemInvitationCode');
    expect(redeem?.statuses).toEqual(expect.arrayContaining([400, 401, 403]));
    expect(redeem?.errorCodes).toContainEqual({ code: 'INVALID_CODE', status: 400 });
    expect(operations.some((operation) => operation.operationId.includes('Simulation'))).toBe(false);
    expect(operations.some((operation) => operation.operationId === 'downloadJob')).toBe(true);
  });
});

describe('snapshots', () => {
  const admin = as('admin@example.com');
  const sharings = async () => (await call('GET', '/api/v1/admin/sharings', undefined, admin)).json();
  const sharingsOf = async (who: Record<string, string>) =>
    (await call('GET', '/api/v1/admin/sharings', undefined, who)).json() as unknown[];

  it('saves the database and files, and restores them to an equal state', async () => {
    const before = await sharings();
    const saved = await call('POST', '/api/v1/sim/snapshots', { name: 'before suspend' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ name: 'before suspend' });
    expect(saved.json().sizeBytes).toBeGreaterThan(10_000);
    await call('PUT', '/api/v1/admin/sharings/inv-second-accepted/suspend', undefined, admin);
    const filesDir = path.join(t.config.dataDir, 'agent-files');
    const filesBefore = (await readdir(filesDir)).sort();
    await t.prisma.agentFile.deleteMany();
    expect(await sharings()).not.toEqual(before);

    const restored = await call('POST', '/api/v1/sim/snapshots/before%20suspend/restore');
    expect(restored.statusCode).toBe(204);
    expect(await sharings()).toEqual(before);
    expect(await t.prisma.agentFile.count()).toBeGreaterThan(0);
    expect((await readdir(filesDir)).sort()).toEqual(filesBefore);
  });

  it('keeps a document held in its row with the snapshot: deleted from the world, back with its bytes on restore', async () => {
    const company = as('newco@example.com');
    const pdf = makePdf(['Kept in the snapshot']);
    const filesDir = path.join(t.config.dataDir, 'agent-files');
    const filesBefore = (await readdir(filesDir)).sort();
    const body = await multipartBody([{ name: 'kept.pdf', content: pdf }]);
    const sent = await t.http({
      method: 'POST',
      url: '/api/v1/agents/files/upload/section/REGISTRATION',
      headers: { ...company, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    const [file] = sent.json() as { id: string }[];
    expect((await call('POST', '/api/v1/sim/snapshots', { name: 'row kept' })).statusCode).toBe(201);
    expect((await call('DELETE', `/api/v1/agents/file/${file?.id}`, undefined, company)).statusCode).toBe(
      204,
    );
    const review = () => call('GET', `/api/v1/admin/files/${file?.id}`, undefined, as('admin@example.com'));
    expect((await review()).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/sim/snapshots/row%20kept/restore')).statusCode).toBe(204);
    const restored = await review();
    expect(restored.statusCode).toBe(200);
    expect(restored.rawPayload.equals(pdf)).toBe(true);
    // No file was made for it at any step.
    expect((await readdir(filesDir)).sort()).toEqual(filesBefore);
    expect((await call('DELETE', '/api/v1/sim/snapshots/row%20kept')).statusCode).toBe(204);
  });

  it('links the stored files instead of copying them: removed from the world, kept in the snapshot, back on restore', async () => {
    const filesDir = path.join(t.config.dataDir, 'agent-files');
    const [name] = await readdir(filesDir);
    if (!name) throw new Error('the demo world has stored documents');
    const live = path.join(filesDir, name);
    const bytes = await readFile(live);
    expect((await call('POST', '/api/v1/sim/snapshots', { name: 'linked' })).statusCode).toBe(201);
    const kept = path.join(
      t.config.dataDir,
      'snapshots',
      Buffer.from('linked').toString('base64url'),
      'agent-files',
      name,
    );
    // The same file under two names: no bytes copied, no file made.
    expect((await stat(kept)).ino).toBe((await stat(live)).ino);

    await rm(live);
    expect(await readFile(kept)).toEqual(bytes);
    expect((await call('POST', '/api/v1/sim/snapshots/linked/restore')).statusCode).toBe(204);
    expect(await readFile(live)).toEqual(bytes);
    expect((await stat(live)).ino).toBe((await stat(kept)).ino);
    expect((await call('DELETE', '/api/v1/sim/snapshots/linked')).statusCode).toBe(204);
    expect(await readFile(live)).toEqual(bytes);
  });

  it('keeps answering writes while a snapshot is saved or restored, without waiting for a lock timeout', async () => {
    // Each write between the copy's steps: one that found the file locked by a copy running on this
    // thread waited the whole lock timeout (5 s), then failed.
    const writeDuring = async (copy: Promise<{ statusCode: number }>) => {
      let done = false;
      const copied = copy.finally(() => {
        done = true;
      });
      const waits: number[] = [];
      for (let i = 0; !done || i < 3; i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        const started = performance.now();
        await t.prisma.loginAttempt.create({
          data: {
            state: `during-${waits.length}-${Math.random()}`,
            codeVerifier: 'v',
            nonce: 'n',
            expiresAt: new Date(),
          },
        });
        waits.push(performance.now() - started);
      }
      return { status: (await copied).statusCode, longest: Math.max(...waits) };
    };
    const saved = await writeDuring(call('POST', '/api/v1/sim/snapshots', { name: 'busy' }));
    expect(saved.status).toBe(201);
    expect(saved.longest).toBeLessThan(2000);
    const restored = await writeDuring(call('POST', '/api/v1/sim/snapshots/busy/restore'));
    expect(restored.status).toBe(204);
    expect(restored.longest).toBeLessThan(2000);
    expect((await call('DELETE', '/api/v1/sim/snapshots/busy')).statusCode).toBe(204);
  });

  it('takes saves, restores and deletes sent at once one after another, never a 500', async () => {
    const saves = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/v1/sim/snapshots', { name: 'at once' })),
    );
    expect(saves.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const restores = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/v1/sim/snapshots/at%20once/restore')),
    );
    expect(restores.map((answer) => answer.statusCode)).toEqual(Array(8).fill(204));
    const deletes = await Promise.all(
      Array.from({ length: 3 }, () => call('DELETE', '/api/v1/sim/snapshots/at%20once')),
    );
    expect(deletes.map((answer) => answer.statusCode).sort()).toEqual([204, 404, 404]);
    expect((await sharingsOf(admin)).length).toBeGreaterThan(0);
  });

  it('lists, replaces and deletes snapshots; unknown and malformed names are refused', async () => {
    await call('POST', '/api/v1/sim/snapshots', { name: 'second' });
    await call('POST', '/api/v1/sim/snapshots', { name: 'second' });
    const names = ((await call('GET', '/api/v1/sim/snapshots')).json() as { name: string }[]).map(
      (s) => s.name,
    );
    expect(names).toEqual(['second', 'before suspend']);
    expect((await call('DELETE', '/api/v1/sim/snapshots/second')).statusCode).toBe(204);
    const gone = await call('DELETE', '/api/v1/sim/snapshots/second');
    expect([gone.statusCode, codeOf(gone)]).toEqual([404, 'SNAPSHOT_NOT_FOUND']);
    const restoreGone = await call('POST', '/api/v1/sim/snapshots/second/restore');
    expect(codeOf(restoreGone)).toBe('SNAPSHOT_NOT_FOUND');
    expect(codeOf(await call('POST', '/api/v1/sim/snapshots', { name: '../escape' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(await call('DELETE', '/api/v1/sim/snapshots/..%2Fescape'))).toBe('VALIDATION_FAILED');
  });

  it('shows a creation and a removal on the very next list, the list being remembered between them', async () => {
    const names = async () =>
      ((await call('GET', '/api/v1/sim/snapshots')).json() as { name: string }[]).map((s) => s.name);
    const before = await names();
    expect(await names()).toEqual(before);
    expect((await call('POST', '/api/v1/sim/snapshots', { name: 'listed next' })).statusCode).toBe(201);
    expect(await names()).toEqual(['listed next', ...before]);
    expect((await call('DELETE', '/api/v1/sim/snapshots/listed%20next')).statusCode).toBe(204);
    expect(await names()).toEqual(before);
    // A creation refused (the name is malformed) changes nothing.
    await call('POST', '/api/v1/sim/snapshots', { name: '../escape' });
    expect(await names()).toEqual(before);
  });
});

describe('call list', () => {
  it("shows this browser's calls newest first, with a contract violation highlighted", async () => {
    const caller = cookieHeaderOf(await call('GET', '/api/v1/health'));
    expect(caller).toContain('portal_sim_caller=');
    const headers = { ...as('owner@example.com'), cookie: caller };
    await call('GET', '/api/v1/products', undefined, headers);
    // 418 is not a status the contract declares for listProducts: the list must flag it.
    await call('POST', '/api/v1/sim/faults', { operationId: 'listProducts', status: 418 }, headers);
    const faulted = await call('GET', '/api/v1/products', undefined, headers);
    expect(faulted.statusCode).toBe(418);
    await call('GET', '/api/v1/products', undefined, as('owner@example.com'));

    const calls = (await call('GET', '/api/v1/sim/calls', undefined, { cookie: caller })).json() as {
      path: string;
      status: number;
      violation: string | null;
      responseBody: string | null;
    }[];
    expect(calls.map((entry) => [entry.path, entry.status])).toEqual([
      ['/api/v1/products', 418],
      ['/api/v1/sim/faults', 201],
      ['/api/v1/products', 200],
      ['/api/v1/health', 200],
    ]);
    expect(calls[0]?.violation).toContain('status 418 is not declared for listProducts');
    expect(calls[0]?.responseBody).toContain('simulated fault');
    // A remembered answer is sent as its checked bytes: the list still shows it as JSON text.
    expect(calls[2]?.violation).toBeNull();
    expect(JSON.parse(calls[2]?.responseBody ?? '')).toHaveProperty('vehicles');
    expect(calls[2]?.violation).toBeNull();
    // Listed again with nothing new: the same list; a call recorded since shows on the very next list.
    const again = async () => (await call('GET', '/api/v1/sim/calls', undefined, { cookie: caller })).body;
    const listed = await again();
    expect(await again()).toBe(listed);
    await call('GET', '/api/v1/users/me', undefined, headers);
    const next = JSON.parse(await again()) as { path: string }[];
    expect(next.map((entry) => entry.path).slice(0, 2)).toEqual(['/api/v1/users/me', '/api/v1/products']);
    expect(next).toHaveLength(calls.length + 1);
    // A file is listed by its type, its status checked.
    const file = await t.prisma.agentFile.findFirstOrThrow();
    const adminHeaders = { ...as('admin@example.com'), cookie: caller };
    expect((await call('GET', `/api/v1/admin/files/${file.id}`, undefined, adminHeaders)).statusCode).toBe(
      200,
    );
    const [download] = JSON.parse(await again()) as {
      path: string;
      status: number;
      responseBody: string;
      violation: null;
    }[];
    expect(download).toMatchObject({ path: `/api/v1/admin/files/${file.id}`, status: 200, violation: null });
    expect(download?.responseBody).toBe(`(${file.contentType})`);
    expect((await call('DELETE', '/api/v1/sim/calls', undefined, { cookie: caller })).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/sim/calls', undefined, { cookie: caller })).json()).toEqual([]);
  });
  it('shows an upload as a multipart form and a JSON body as its text', async () => {
    const caller = cookieHeaderOf(await call('GET', '/api/v1/health'));
    const pdf = makePdf(['Registry extract']);
    const body = await multipartBody([{ name: 'extract.pdf', content: pdf }]);
    const uploaded = await t.call(
      'POST',
      '/api/v1/agents/files/upload/section/REGISTRATION',
      { ...as('newco@example.com'), ...body.headers, cookie: caller },
      body.payload,
    );
    expect(uploaded.statusCode).toBe(201);
    await call(
      'POST',
      '/api/v1/sim/faults',
      { operationId: 'listProducts', status: 503 },
      { ...as('owner@example.com'), cookie: caller },
    );
    const [fault, upload] = (
      await call('GET', '/api/v1/sim/calls', undefined, { cookie: caller })
    ).json() as {
      path: string;
      requestBody: string;
    }[];
    expect(upload).toMatchObject({
      path: '/api/v1/agents/files/upload/section/REGISTRATION',
      requestBody: '(multipart form)',
    });
    expect(JSON.parse(fault?.requestBody ?? '')).toMatchObject({ operationId: 'listProducts', status: 503 });
  });
});

describe('callers', () => {
  it('gives every browser without a caller cookie its own caller, past the ids drawn at once', async () => {
    const callers = new Set<string>();
    for (let n = 0; n < 300; n += 1) {
      const value = /portal_sim_caller=([^;]*)/.exec(
        cookieHeaderOf(await call('GET', '/api/v1/health/live')),
      )?.[1];
      expect(value).toMatch(/^[A-Za-z0-9_-]{16}$/);
      callers.add(value as string);
    }
    expect(callers.size).toBe(300);
    const [first, second] = [...callers];
    const firstCalls = await call('GET', '/api/v1/sim/calls', undefined, {
      cookie: `portal_sim_caller=${first}`,
    });
    const secondCalls = await call('GET', '/api/v1/sim/calls', undefined, {
      cookie: `portal_sim_caller=${second}`,
    });
    expect((firstCalls.json() as unknown[]).length).toBe(1);
    expect((secondCalls.json() as unknown[]).length).toBe(1);
  });
});

describe('production mode', () => {
  it('hides every panel operation and ignores X-Sandbox', async () => {
    const prod = await createTestApp({ seed: false, env: { PORTAL_MODE: 'production', OIDC_ISSUER: '' } });
    try {
      for (const [method, url] of [
        ['GET', '/api/v1/sim/personas'],
        ['POST', '/api/v1/sim/sandboxes'],
        ['GET', '/api/v1/sim/snapshots'],
        ['GET', '/api/v1/sim/calls'],
        ['GET', '/api/v1/sim/operations'],
      ] as const) {
        const response = await prod.http({ method, url, payload: method === 'POST' ? {} : undefined });
        expect([url, response.statusCode, codeOf(response)]).toEqual([url, 404, 'SIMULATION_DISABLED']);
      }
      const health = await prod.call('GET', '/api/v1/health', { 'x-sandbox': 'x' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['set-cookie']).toBeUndefined();
      expect(await readdir(prod.config.dataDir)).not.toContain('sandboxes');
    } finally {
      await prod.close();
    }
  });
});
