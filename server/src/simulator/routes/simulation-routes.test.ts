import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { validRequest } from '@portal/contract/cases';
import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { multipartBody } from '@portal/test-support/multipart';
import { describe, expect, it } from 'vitest';
import { as, codeOf, createTestApp, expectError, useTestApp } from '../../../test/app.ts';
import { createSession } from '../../auth/sessions.ts';
import { createManualClock } from '../../lib/clock.ts';
import { KEPT_IN_ROW_BYTES } from '../../services/agent-files.ts';
import { makePdf } from '../scenarios/demo-files.ts';
import { restoreClockSpeed } from '../simulation.ts';

// Simulator controls: clock, fault injection, reset; hidden in production mode.
const t = useTestApp();

const dev = as('owner@example.com');
const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = dev) =>
  t.http({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('simulation clock', () => {
  it('answers the speed and simulated now, and changes the speed persistently', async () => {
    expect((await inject('GET', '/api/v1/sim/clock')).json()).toEqual({
      speed: 1,
      now: t.clock.now().toISOString(),
    });
    const changed = await inject('PUT', '/api/v1/sim/clock', { speed: 10 });
    expect(changed.json().speed).toBe(10);
    expect(t.clock.speed).toBe(10);
    expect((await t.prisma.simState.findUniqueOrThrow({ where: { id: 1 } })).speed).toBe(10);
    const restarted = createManualClock();
    await restoreClockSpeed({ prisma: t.prisma, clock: restarted });
    expect(restarted.speed).toBe(10);
    expect(codeOf(await inject('PUT', '/api/v1/sim/clock', { speed: 5000 }))).toBe('VALIDATION_FAILED');
    expect(codeOf(await inject('PUT', '/api/v1/sim/clock', { speed: 0 }))).toBe('VALIDATION_FAILED');
    expect((await t.call('GET', '/api/v1/sim/clock')).statusCode).toBe(401);
  });
});

describe('fault injection', () => {
  it('makes the next calls fail with the chosen status and code, then recovers', async () => {
    const injected = await inject('POST', '/api/v1/sim/faults', {
      operationId: 'listProducts',
      status: 500,
      count: 2,
    });
    expect(injected.statusCode).toBe(201);
    expect(injected.json()).toMatchObject({
      operationId: 'listProducts',
      status: 500,
      code: 'INTERNAL_ERROR',
      remaining: 2,
    });
    for (let i = 0; i < 2; i += 1) {
      const failed = await inject('GET', '/api/v1/products');
      expectError(failed, 500, 'INTERNAL_ERROR');
      // Like a real one, a simulated INTERNAL_ERROR quotes a request id for support.
      expect(failed.json().errors[0].requestId).toMatch(/\S+/);
    }
    expect((await inject('GET', '/api/v1/products')).statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/sim/faults')).json()).toEqual([]);
  });

  it('answers a 503 without a code as SERVICE_UNAVAILABLE with Retry-After, as a lost database is answered', async () => {
    const injected = await inject('POST', '/api/v1/sim/faults', { operationId: 'listProducts', status: 503 });
    expect(injected.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', remaining: 1 });
    const failed = await inject('GET', '/api/v1/products');
    expectError(failed, 503, 'SERVICE_UNAVAILABLE');
    expect(failed.headers['retry-after']).toMatch(/^\d+$/);
    expect((await inject('GET', '/api/v1/products')).statusCode).toBe(200);
  });

  it('answers a 502 or 504 without a code with the proxy’s codes, as the validating proxy answers them', async () => {
    for (const [status, code] of [
      [502, 'BAD_GATEWAY'],
      [504, 'GATEWAY_TIMEOUT'],
    ] as const) {
      const injected = await inject('POST', '/api/v1/sim/faults', { operationId: 'listProducts', status });
      expect(injected.json()).toMatchObject({ status, code, remaining: 1 });
      expectError(await inject('GET', '/api/v1/products'), status, code);
    }
  });

  it('takes the status of a code from the contract’s catalogue', async () => {
    const injected = await inject('POST', '/api/v1/sim/faults', {
      operationId: 'decideInvitation',
      code: 'INVALID_INVITATION_STATE',
    });
    expect(injected.json()).toMatchObject({ status: 409, code: 'INVALID_INVITATION_STATE', remaining: 1 });
    const failed = await inject('PUT', '/api/v1/invitations/inv-owner-claimed/redeem/accept');
    expectError(failed, 409, 'INVALID_INVITATION_STATE');
    const state = await t.prisma.invitation.findUniqueOrThrow({ where: { id: 'inv-owner-claimed' } });
    expect(state.status).toBe('CLAIMED');
  });

  it('answers a simulated 429 with the Retry-After header the contract requires', async () => {
    await inject('POST', '/api/v1/sim/faults', { operationId: 'login', status: 429, code: 'RATE_LIMITED' });
    const limited = await t.http({ method: 'GET', url: '/api/v1/login' });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('60');
  });

  it('lists pending faults and clears them all', async () => {
    await inject('POST', '/api/v1/sim/faults', { operationId: 'getHealth', status: 500, count: 3 });
    await inject('POST', '/api/v1/sim/faults', { operationId: 'listProducts', delayMs: 10 });
    const listed = (await inject('GET', '/api/v1/sim/faults')).json() as { operationId: string }[];
    expect(listed.map((fault) => fault.operationId)).toEqual(['getHealth', 'listProducts']);
    expect((await inject('DELETE', '/api/v1/sim/faults')).statusCode).toBe(204);
    expect((await inject('GET', '/api/v1/sim/faults')).json()).toEqual([]);
    expect((await t.call('GET', '/api/v1/health')).statusCode).toBe(200);
  });

  it('refuses an empty fault, an unknown operation and the simulator’s own operations', async () => {
    expect(codeOf(await inject('POST', '/api/v1/sim/faults', { operationId: 'listProducts' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(await inject('POST', '/api/v1/sim/faults', { operationId: 'nope', status: 500 }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      codeOf(await inject('POST', '/api/v1/sim/faults', { operationId: 'clearFaults', status: 500 })),
    ).toBe('VALIDATION_FAILED');
  });
});

describe('resetSimulation', () => {
  it('wipes and reseeds the database and removes uploaded documents', async () => {
    await inject('POST', '/api/v1/invitations', [{ productId: 'prod-veh-1', includeSensitiveData: false }]);
    await inject('PUT', '/api/v1/invitations/inv-owner-accepted/revoke');
    await inject('POST', '/api/v1/sim/faults', { operationId: 'listProducts', status: 500 });
    // One document kept in its row, one large enough to be a file of its own (decision 0164).
    const large = Buffer.concat([makePdf(['y']), Buffer.alloc(KEPT_IN_ROW_BYTES)]);
    const body = await multipartBody([
      { name: 'a.pdf', content: makePdf(['x']) },
      { name: 'b.pdf', content: large },
    ]);
    const upload = await t.call(
      'POST',
      '/api/v1/agents/files/upload/section/REGISTRATION',
      { ...as('newco@example.com'), ...body.headers },
      body.payload,
    );
    expect(upload.statusCode).toBe(201);
    const filesDir = path.join(t.config.dataDir, 'agent-files');
    const before = (await readdir(filesDir)).length;

    expect((await inject('POST', '/api/v1/sim/reset')).statusCode).toBe(204);

    const invitations = await t.prisma.invitation.findMany({ where: { ownerId: 'user-owner' } });
    expect(invitations.find((i) => i.id === 'inv-owner-accepted')?.status).toBe('ACCEPTED');
    expect(invitations.every((i) => i.id.startsWith('inv-'))).toBe(true);
    expect(await t.prisma.fault.count()).toBe(0);
    expect(await t.prisma.agentFile.count({ where: { userId: 'user-newco' } })).toBe(0);
    expect((await readdir(filesDir)).length).toBe(before - 1);
    expect((await inject('GET', '/api/v1/products')).statusCode).toBe(200);
    expect(t.clock.speed).toBe(1);
  });

  it('resets several times at once, each answered (repeated submits)', async () => {
    // Started a little apart, so each one's removal of files can fall into another's writing.
    const resets = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 15));
        return inject('POST', '/api/v1/sim/reset');
      }),
    );
    expect(resets.map((reset) => reset.statusCode)).toEqual(Array(8).fill(204));
    expect((await inject('GET', '/api/v1/products')).statusCode).toBe(200);
  });

  it('runs each write made beside a reset wholly before or after it: none fails', async () => {
    const newco = as('newco@example.com');
    const answers: Array<{ statusCode: number; body: string }> = [];
    let resetting = true;
    // Writers keep writing for as long as the resets run, so some wait on rows a reset replaces.
    const writer = async (write: () => Promise<{ statusCode: number; body: string }>) => {
      while (resetting) answers.push(await write());
    };
    const resets = (async () => {
      for (let round = 0; round < 3; round++) answers.push(await inject('POST', '/api/v1/sim/reset'));
      resetting = false;
    })();
    await Promise.all([
      resets,
      writer(() =>
        inject('POST', '/api/v1/invitations', [{ productId: 'prod-veh-1', includeSensitiveData: false }]),
      ),
      // An export the job runner builds while the reset removes the exports, then the list and link.
      writer(async () => {
        const created = await inject('POST', '/api/v1/products/download');
        // At most five exports at once per user (the test's clock stands still): make room.
        if (created.statusCode === 429 && codeOf(created) === 'TOO_MANY_EXPORTS') {
          await t.prisma.downloadJob.deleteMany();
          return { statusCode: 200, body: '' };
        }
        if (created.statusCode !== 201) return created;
        const jobs = await inject('GET', '/api/v1/products/download/jobs');
        if (jobs.statusCode !== 200) return jobs;
        const link = await inject('GET', `/api/v1/products/download/jobs/${created.json().id}/link`);
        // The job may be unfinished (409) or gone with the reset (404): answers the contract names.
        return /^(200|404|409) /.test(`${link.statusCode} `) ? jobs : link;
      }),
      // Signs the caller in as another persona: a new session row for a user the reset replaces.
      writer(() => inject('POST', '/api/v1/sim/persona', { email: 'admin@example.com' }, newco)),
      writer(() => inject('POST', '/api/v1/sim/persona', { email: 'owner@example.com' }, newco)),
      writer(async () => {
        const body = await multipartBody([{ name: 'a.pdf', content: makePdf(['x']) }]);
        const headers = { ...newco, ...body.headers };
        const answer = await t.call(
          'POST',
          '/api/v1/agents/files/upload/section/REGISTRATION',
          headers,
          body.payload,
        );
        // At most three documents per section: make room for the next one.
        if (answer.statusCode === 201)
          await t.prisma.agentFile.deleteMany({ where: { userId: 'user-newco' } });
        return answer;
      }),
    ]);
    const statuses = answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 80)}`);
    expect(statuses.filter((status) => !/^20[014] /.test(status))).toEqual([]);
    expect(answers.length).toBeGreaterThan(10);
  });

  it("keeps the caller's session when the new world has its account, and ends every other one", async () => {
    const mine = (await createSession(t, 'user-owner')).token;
    const other = (await createSession(t, 'user-admin')).token;
    const me = (token: string) => t.call('GET', '/api/v1/users/me', { cookie: `portal_session=${token}` });
    const reset = (token: string, scenario: string) =>
      t.call('POST', '/api/v1/sim/reset', { cookie: `portal_session=${token}` }, { scenario });

    expect((await reset(mine, 'empty')).statusCode).toBe(204);
    expect((await me(mine)).json().email).toBe('owner@example.com');
    expect((await me(other)).statusCode).toBe(401);
    // The same cookie again, into a world where the owner exists anew.
    expect((await reset(mine, 'demo')).statusCode).toBe(204);
    expect((await me(mine)).statusCode).toBe(200);
    // A reset by someone the new world does not know signs them out.
    await t.prisma.user.create({
      data: { id: 'user-walk-in', email: 'walk-in@example.com', fullName: 'Walk In', role: 'user' },
    });
    const walkIn = (await createSession(t, 'user-walk-in')).token;
    expect((await reset(walkIn, 'demo')).statusCode).toBe(204);
    expect((await me(walkIn)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(401);
  });
});

const simulationDisabledExample = (
  loadContract().components as { examples: Record<string, { value: unknown }> }
).examples.SIMULATION_DISABLED?.value;

describe('production mode', () => {
  it('hides every simulator control behind 404 SIMULATION_DISABLED', async () => {
    const production = await createTestApp({ env: { PORTAL_MODE: 'production', LOG_LEVEL: 'silent' } });
    try {
      const { token } = await createSession(production, 'user-admin');
      const headers = { cookie: `portal_session=${token}` };
      // Every operation the contract tags `simulation`, each with a valid request from its examples.
      const simulation = indexOperations(loadContract()).tagged('simulation');
      expect(simulation.length).toBeGreaterThan(15);
      for (const operation of simulation) {
        const request = validRequest(loadContract(), operation.operationId, { headers });
        const response = await production.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        expect([response.statusCode, codeOf(response)], operation.operationId).toEqual([
          404,
          'SIMULATION_DISABLED',
        ]);
        // The contract's example of the code (which no replay on a simulator can produce) is this answer.
        expect(response.json()).toEqual(simulationDisabledExample);
      }
      expect(await production.prisma.fault.count()).toBe(0);
      const devHeader = await production.app.inject({
        method: 'GET',
        url: '/api/v1/sim/clock',
        headers: dev,
      });
      expect(devHeader.statusCode).toBe(401);
    } finally {
      await production.close();
    }
  });
});
