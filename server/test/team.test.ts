// Many instances, nothing sticky (issue 24): two real server processes on one PostgreSQL database, every
// request may reach either, and the behaviour is the one of a single instance.
import { describe, expect, it } from 'vitest';
import { queryPostgres } from './db.ts';
import { persona, useTeam } from './team.ts';

const team = useTeam({
  instances: 2,
  env: { EXPORTS_PER_USER: '3', REDEEM_RATE_LIMIT_MAX: '4', LOGIN_RATE_LIMIT_MAX: '4' },
});
const owner = persona('owner@example.com');

/** One statement through a connection of its own on the team's database (psql, a script). */
async function onTeamDatabase(sql: string, params: unknown[]): Promise<void> {
  await queryPostgres(team.databaseUrl, sql, params);
}

/** A GET through one instance: its JSON body. */
async function readOn<T>(index: number, path: string, headers: Record<string, string>): Promise<T> {
  return (await team.call(index, 'GET', path, { headers })).json() as T;
}

describe('two instances on one PostgreSQL database', () => {
  it('started together on an empty database: one migrated and seeded it, both answer', async () => {
    for (const index of [0, 1]) {
      const health = await team.call(index, 'GET', '/api/v1/health');
      expect(health.status).toBe(200);
    }
    const [a, b] = await Promise.all(
      [0, 1].map((index) =>
        team.call(index, 'GET', '/api/v1/sim/personas', { headers: persona('admin@example.com') }),
      ),
    );
    expect(a?.status).toBe(200);
    expect(b?.json()).toEqual(a?.json());
  });

  it('a session made through one instance works through the other, and ends on both', async () => {
    const signIn = await team.call(0, 'POST', '/api/v1/sim/persona', {
      body: { email: 'owner@example.com' },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toContain('portal_session=');
    const me = await team.call(1, 'GET', '/api/v1/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.json().email).toBe('owner@example.com');
    // A write with the session (and the same-origin check) through the other instance.
    const write = await team.call(1, 'POST', '/api/v1/invitations', {
      headers: { cookie },
      body: [{ productId: 'prod-veh-1', includeSensitiveData: false }],
    });
    expect(write.status).toBe(201);
    const logout = await team.call(1, 'POST', '/api/logout', { headers: { cookie } });
    expect(logout.status).toBeLessThan(400);
    expect((await team.call(0, 'GET', '/api/v1/users/me', { headers: { cookie } })).status).toBe(401);
  });

  it('a write through one instance is visible to the very next read through the other', async () => {
    for (let round = 0; round < 5; round += 1) {
      const created = await team.call(round % 2, 'POST', '/api/v1/invitations', {
        headers: owner,
        body: [{ productId: 'prod-wb-1', includeSensitiveData: false }],
      });
      expect(created.status).toBe(201);
      const { code } = created.json();
      const listed = await team.call((round + 1) % 2, 'GET', '/api/v1/invitations/unclaimed/ALL', {
        headers: owner,
      });
      expect(listed.json().map((item: { code: string }) => item.code)).toContain(code);
    }
  });

  it('remembered reads (the products list, a company status, the session) show a write through the other instance or another connection on the very next call', async () => {
    type Listed = { id: string; dataCollectionEnabled: boolean; productFields: { name?: string } };
    const product = async (index: number) => {
      const listed = await team.call(index, 'GET', '/api/v1/products', { headers: owner });
      expect(listed.status).toBe(200);
      const { vehicles, wallboxes } = listed.json() as { vehicles: Listed[]; wallboxes: Listed[] };
      return [...vehicles, ...wallboxes].find((item) => item.id === 'prod-wb-2') as Listed;
    };
    const initially = (await product(0)).dataCollectionEnabled;
    for (let round = 0; round < 2; round += 1) {
      // Both instances have the list in memory now.
      for (const index of [0, 1, 1]) await product(index);
      const on = round % 2 === 0 ? !initially : initially;
      const set = await team.call(
        round % 2,
        'POST',
        `/api/v1/products/prod-wb-2/collect/${on ? 'ENABLE' : 'DISABLE'}`,
        {
          headers: owner,
        },
      );
      expect(set.status).toBe(200);
      expect((await product((round + 1) % 2)).dataCollectionEnabled).toBe(on);
    }
    // A write no instance made (psql, a script): both instances show it on their next call.
    const name = (await product(1)).productFields.name;
    await onTeamDatabase('UPDATE "Product" SET name = $1 WHERE id = $2', ['Renamed elsewhere', 'prod-wb-2']);
    expect((await product(0)).productFields.name).toBe('Renamed elsewhere');
    expect((await product(1)).productFields.name).toBe('Renamed elsewhere');
    await onTeamDatabase('UPDATE "Product" SET name = $1 WHERE id = $2', [name ?? null, 'prod-wb-2']);

    // A company's status (remembered: every company call checks it) changed by another connection.
    const fleet = persona('fleet@example.com');
    const status = async (index: number) =>
      ((await team.call(index, 'GET', '/api/v1/agents', { headers: fleet })).json() as { status: string })
        .status;
    const connected = (index: number) =>
      team
        .call(index, 'GET', '/api/v1/agents/invitations/ALL', { headers: fleet })
        .then((answer) => answer.status);
    for (const index of [0, 1, 0, 1])
      expect([await status(index), await connected(index)]).toEqual(['active', 200]);
    await onTeamDatabase(
      `UPDATE "AgentProfile" SET status = 'pending' WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
      ['fleet@example.com'],
    );
    expect([await status(1), await connected(0)]).toEqual(['pending', 403]);
    expect([await status(0), await connected(1)]).toEqual(['pending', 403]);
    await onTeamDatabase(
      `UPDATE "AgentProfile" SET status = 'active' WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
      ['fleet@example.com'],
    );
    expect([await status(1), await connected(0)]).toEqual(['active', 200]);

    // The session: remembered on both instances, then its user's role changed and the session ended.
    const signIn = await team.call(0, 'POST', '/api/v1/sim/persona', {
      body: { email: 'owner@example.com' },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const products = (index: number) => team.call(index, 'GET', '/api/v1/products', { headers: { cookie } });
    for (const index of [0, 1, 0, 1]) expect((await products(index)).status).toBe(200);
    await onTeamDatabase('UPDATE "User" SET role = $1 WHERE email = $2', ['agent', 'owner@example.com']);
    expect((await products(1)).status).toBe(403);
    expect((await products(0)).status).toBe(403);
    await onTeamDatabase('UPDATE "User" SET role = $1 WHERE email = $2', ['user', 'owner@example.com']);
    for (const index of [0, 1, 0, 1]) expect((await products(index)).status).toBe(200);
    const logout = await team.call(1, 'POST', '/api/logout', { headers: { cookie } });
    expect(logout.status).toBeLessThan(400);
    expect((await products(0)).status).toBe(401);
  }, 60_000); // some forty calls

  it('remembered lists (invitations, download jobs, connected users, applications, sharings, their totals) show a write through the other instance or another connection on the very next call', async () => {
    const fleet = persona('fleet@example.com');
    const admin = persona('admin@example.com');
    const lists = {
      unclaimed: { path: '/api/v1/invitations/unclaimed/ALL', headers: owner },
      claimed: { path: '/api/v1/invitations/claimed/ALL', headers: owner },
      jobs: { path: '/api/v1/products/download/jobs', headers: persona('second@example.com') },
      connected: { path: '/api/v1/agents/invitations/ALL?limit=50', headers: fleet },
      applications: { path: '/api/v1/admin/applications', headers: admin },
      // One row a page: the total is the count's own (remembered) statement.
      sharings: { path: '/api/v1/admin/sharings?limit=1', headers: admin },
      allSharings: { path: '/api/v1/admin/sharings', headers: admin },
    };
    const read = async (index: number, list: keyof typeof lists) => {
      const answer = await team.call(index, 'GET', lists[list].path, { headers: lists[list].headers });
      expect(answer.status).toBe(200);
      return { text: answer.text, total: Number(answer.headers.get('x-total-count')) };
    };
    // Every list in memory on both instances (each read twice: the second is answered from memory).
    const warm = async () => {
      for (const list of Object.keys(lists) as (keyof typeof lists)[])
        for (const index of [0, 1, 0, 1]) await read(index, list);
    };
    await warm();
    const sharings = (await read(0, 'sharings')).total;
    const created = await team.call(0, 'POST', '/api/v1/invitations', {
      headers: owner,
      body: [{ productId: 'prod-wb-1', includeSensitiveData: false }],
    });
    expect(created.status).toBe(201);
    const { code } = created.json() as { code: string };
    expect((await read(1, 'unclaimed')).text).toContain(code);

    // Claimed by the company through another connection (an API redeem would count against the redeem
    // limit another test measures).
    await warm();
    const [claimed] = await queryPostgres<{ id: string }>(
      team.databaseUrl,
      `UPDATE "Invitation" SET "agentId" = (SELECT id FROM "User" WHERE email = $1), status = 'CLAIMED',
        "claimedAt" = now(), "statusChangedAt" = now() WHERE code = $2 RETURNING id`,
      ['fleet@example.com', code.replace(/-/g, '')],
    );
    const invitationId = claimed?.id as string;
    expect(invitationId).toBeTruthy();
    expect((await read(0, 'claimed')).text).toContain(invitationId);
    expect((await read(0, 'unclaimed')).text).not.toContain(code);
    expect((await read(0, 'connected')).text).toContain(invitationId);
    expect((await read(0, 'allSharings')).text).toContain(invitationId);
    expect((await read(0, 'sharings')).total).toBe(sharings + 1);
    expect((await read(1, 'sharings')).total).toBe(sharings + 1);

    // Writes no instance made (psql, a script): both instances show them on their next call.
    await warm();
    await onTeamDatabase(
      `UPDATE "AgentProfile" SET "displayName" = $1 WHERE "userId" = (SELECT id FROM "User" WHERE email = $2)`,
      ['Renamed fleet', 'fleet@example.com'],
    );
    expect((await read(1, 'applications')).text).toContain('Renamed fleet');
    expect((await read(0, 'applications')).text).toContain('Renamed fleet');
    await onTeamDatabase('UPDATE "User" SET "fullName" = $1 WHERE email = $2', [
      'Renamed owner',
      'owner@example.com',
    ]);
    expect((await read(1, 'connected')).text).toContain('Renamed owner');
    expect((await read(0, 'connected')).text).toContain('Renamed owner');
    const jobs = (await read(0, 'jobs')).total;
    expect(jobs).toBeGreaterThan(0);
    await onTeamDatabase(
      `UPDATE "DownloadJob" SET "updatedAt" = '2020-02-02 02:02:02' WHERE id = (SELECT id FROM "DownloadJob"
        WHERE "userId" = (SELECT id FROM "User" WHERE email = $1) ORDER BY id LIMIT 1)`,
      ['second@example.com'],
    );
    expect((await read(1, 'jobs')).text).toContain('2020-02-02T02:02:02.000Z');
    expect((await read(0, 'jobs')).text).toContain('2020-02-02T02:02:02.000Z');
  }, 60_000); // some hundred calls

  it('a remembered list is dropped only by a write to a table it reads: through the API or another connection, on both instances', async () => {
    const jobs = async (index: number) => {
      const answer = await team.call(index, 'GET', '/api/v1/products/download/jobs', {
        headers: persona('second@example.com'),
      });
      expect(answer.status).toBe(200);
      return answer.text;
    };
    for (const index of [0, 1, 0, 1]) await jobs(index);
    // A change the database does not announce (the table's trigger off meanwhile): a list kept in memory
    // goes on showing what it read, a list read again shows it.
    await queryPostgres(
      team.databaseUrl,
      `BEGIN; ALTER TABLE "DownloadJob" DISABLE TRIGGER portal_data_changed;
        UPDATE "DownloadJob" SET "updatedAt" = '2019-03-03 03:03:03' WHERE id = (SELECT id FROM "DownloadJob"
          WHERE "userId" = (SELECT id FROM "User" WHERE email = 'second@example.com') ORDER BY id LIMIT 1);
        ALTER TABLE "DownloadJob" ENABLE TRIGGER portal_data_changed; COMMIT`,
    );
    const unannounced = '2019-03-03T03:03:03.000Z';
    expect(await jobs(0)).not.toContain(unannounced);
    expect(await jobs(1)).not.toContain(unannounced);
    // Writes to tables the jobs list does not read: an invitation made through the API, invitations
    // written by another connection.
    const created = await team.call(0, 'POST', '/api/v1/invitations', {
      headers: owner,
      body: [{ productId: 'prod-wb-1', includeSensitiveData: false }],
    });
    expect(created.status).toBe(201);
    await onTeamDatabase(`UPDATE "Invitation" SET id = id WHERE id = $1`, ['none']);
    expect(await jobs(1)).not.toContain(unannounced);
    expect(await jobs(0)).not.toContain(unannounced);
    // A write to the table it reads (another user's export through the API): the next call reads it again.
    const exported = await team.call(1, 'POST', '/api/v1/products/download', { headers: owner });
    expect([201, 202]).toContain(exported.status);
    expect(await jobs(0)).toContain(unannounced);
    expect(await jobs(1)).toContain(unannounced);
  });

  it('the current user (remembered) shows terms published elsewhere, accepted through the other instance, a name changed by another connection and the clock passing a publication, on the very next call', async () => {
    type Me = { fullName: string; termsToAccept: string | null };
    const me = async (index: number) => {
      const answer = await team.call(index, 'GET', '/api/v1/users/me', { headers: owner });
      expect(answer.status).toBe(200);
      return answer.json() as Me;
    };
    const fullName = (await me(0)).fullName;
    // Published a second ago by another connection: waiting for the owner on both instances at once.
    for (const index of [0, 1, 0, 1]) await me(index);
    await onTeamDatabase(
      `INSERT INTO "TermsVersion" (version, role, "publishedAt", "documentName")
        VALUES ($1, 'user', now() AT TIME ZONE 'UTC' - interval '1 second', '2025-06_user_en.pdf')`,
      ['team-published'],
    );
    expect((await me(1)).termsToAccept).toBe('team-published');
    expect((await me(0)).termsToAccept).toBe('team-published');
    // Accepted through one instance (the API): the other has nothing waiting on its next call.
    const accepted = await team.call(0, 'PUT', '/api/v1/users/terms/team-published/accept', {
      headers: owner,
    });
    expect(accepted.status).toBe(200);
    expect((await me(1)).termsToAccept).toBeNull();
    expect((await me(0)).termsToAccept).toBeNull();
    // Renamed by another connection (psql, a script).
    await onTeamDatabase('UPDATE "User" SET "fullName" = $1 WHERE email = $2', [
      'Renamed Owner',
      'owner@example.com',
    ]);
    expect((await me(1)).fullName).toBe('Renamed Owner');
    expect((await me(0)).fullName).toBe('Renamed Owner');
    await onTeamDatabase('UPDATE "User" SET "fullName" = $1 WHERE email = $2', [
      fullName,
      'owner@example.com',
    ]);
    expect((await me(0)).fullName).toBe(fullName);
    // Published for in an hour: not waiting yet; waiting once the team's clock passes it, with no write.
    await onTeamDatabase(
      `INSERT INTO "TermsVersion" (version, role, "publishedAt", "documentName")
        VALUES ($1, 'user', now() AT TIME ZONE 'UTC' + interval '1 hour', '2025-06_user_en.pdf')`,
      ['team-later'],
    );
    for (const index of [0, 1, 0, 1]) expect((await me(index)).termsToAccept).toBeNull();
    const admin = persona('admin@example.com');
    const skipped = await team.call(1, 'POST', '/api/v1/sim/clock/advance', {
      headers: admin,
      body: { minutes: 120 },
    });
    expect(skipped.status).toBe(200);
    expect((await me(0)).termsToAccept).toBe('team-later');
    expect((await me(1)).termsToAccept).toBe('team-later');
    // Back to real time and the seeded terms for the other tests.
    expect(
      (await team.call(0, 'PUT', '/api/v1/sim/clock', { headers: admin, body: { speed: 1 } })).status,
    ).toBe(200);
    await onTeamDatabase(`DELETE FROM "TermsVersion" WHERE version IN ('team-published', 'team-later')`, []);
    expect((await me(1)).termsToAccept).toBeNull();
  }, 60_000);

  it('replays an idempotent create through either instance, once', async () => {
    const key = `team-${Date.now()}`;
    const body = [{ productId: 'prod-veh-1', includeSensitiveData: true }];
    const first = await team.call(0, 'POST', '/api/v1/invitations', {
      headers: { ...owner, 'idempotency-key': key },
      body,
    });
    const again = await team.call(1, 'POST', '/api/v1/invitations', {
      headers: { ...owner, 'idempotency-key': key },
      body,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('runs twins of an idempotent create arriving at both instances at once only once', async () => {
    const key = `twins-${Date.now()}`;
    const body = [{ productId: 'prod-wb-1', includeSensitiveData: false }];
    const invitations = async () => {
      const [row] = await queryPostgres<{ n: number }>(
        team.databaseUrl,
        'SELECT count(*)::int AS n FROM "Invitation"',
      );
      return row?.n ?? 0;
    };
    const before = await invitations();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        team.call(index % 2, 'POST', '/api/v1/invitations', {
          headers: { ...owner, 'idempotency-key': key },
          body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    expect((await invitations()) - before).toBe(1);
  });

  it('holds the exports-per-user limit in total, not per instance', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        team.call(index % 2, 'POST', '/api/v1/products/download', { headers: persona('second@example.com') }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201 || status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('holds the redeem limit in total: four attempts a minute, whichever instance counts them', async () => {
    const fleet = persona('fleet@example.com');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await team.call(attempt % 2, 'PUT', '/api/v1/invitations/redeem/ZZZZZZZZZZZZZZZZ', {
        headers: fleet,
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('holds the sign-in limit in total: four calls a minute from one address, whichever instance counts them', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await team.call(attempt % 2, 'GET', '/api/v1/login');
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.json().errors[0]).toEqual({
          code: 'RATE_LIMITED',
          message: 'Too many sign-in attempts. Please wait a minute and try again.',
        });
      }
    }
    expect(statuses).toEqual([302, 302, 302, 302, 429, 429]);
  });

  it('fires a fault armed through one instance exactly `count` times in total, on either instance', async () => {
    const admin = persona('admin@example.com');
    const armed = await team.call(0, 'POST', '/api/v1/sim/faults', {
      headers: admin,
      body: { operationId: 'listProducts', status: 503, code: 'SERVICE_UNAVAILABLE', count: 3 },
    });
    expect(armed.status).toBe(201);
    const statuses: number[] = [];
    for (let call = 0; call < 6; call += 1) {
      statuses.push((await team.call((call + 1) % 2, 'GET', '/api/v1/products', { headers: owner })).status);
    }
    expect(statuses).toEqual([503, 503, 503, 200, 200, 200]);
    // Many calls at once on both instances: still exactly `count` failures.
    await team.call(1, 'POST', '/api/v1/sim/faults', {
      headers: admin,
      body: { operationId: 'listProducts', status: 500, count: 5 },
    });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, call) =>
        team.call(call % 2, 'GET', '/api/v1/products', { headers: owner }),
      ),
    );
    expect(burst.filter((answer) => answer.status === 500)).toHaveLength(5);
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(15);
  });

  it('runs one simulated clock: a speed, a skip ahead and a reset made through one instance hold on the other at once', async () => {
    const admin = persona('admin@example.com');
    const clockOn = (index: number) =>
      readOn<{ speed: number; now: string }>(index, '/api/v1/sim/clock', admin);
    // The very next call, on the other instance, every time: each call first waits for the team signal's
    // barrier, so a change announced before it began has been taken over (no waiting, no retry).
    for (const [round, speed] of [7, 3, 12, 5, 100].entries()) {
      const set = await team.call(round % 2, 'PUT', '/api/v1/sim/clock', { headers: admin, body: { speed } });
      expect(set.status).toBe(200);
      expect((await clockOn((round + 1) % 2)).speed).toBe(speed);
    }
    const skipped = await team.call(1, 'POST', '/api/v1/sim/clock/advance', {
      headers: admin,
      body: { minutes: 1440 },
    });
    expect(skipped.status).toBe(200);
    const [onZero, onOne] = [await clockOn(0), await clockOn(1)];
    const day = 86_400_000;
    expect(Date.parse(onZero.now)).toBeGreaterThanOrEqual(Date.parse(skipped.json().now));
    // Both read the same simulated time, give or take the real time between the calls × 100.
    expect(Math.abs(Date.parse(onZero.now) - Date.parse(onOne.now))).toBeLessThan(day / 24);
    expect(Date.parse(onZero.now) - Date.now()).toBeGreaterThan(day - day / 24);
    // An instance started now joins the team's clock, not real time.
    const late = await team.add();
    const joined = await clockOn(late);
    expect(joined.speed).toBe(100);
    expect(Date.parse(joined.now) - Date.now()).toBeGreaterThan(day - day / 24);
    // Back to real time for the other tests.
    const reset = await team.call(late, 'PUT', '/api/v1/sim/clock', { headers: admin, body: { speed: 1 } });
    expect(reset.status).toBe(200);
    expect((await clockOn(0)).speed).toBe(1);
  }, 60_000); // starts a third instance

  it('keeps one set of snapshots: saved through one instance, listed, restored and deleted through the other, seen at once by both', async () => {
    const admin = persona('admin@example.com');
    const sharingsOn = (index: number) =>
      readOn<{ invitationId: string; status: string }[]>(index, '/api/v1/admin/sharings', admin);
    const namesOn = async (index: number) =>
      (
        (await team.call(index, 'GET', '/api/v1/sim/snapshots', { headers: admin })).json() as {
          name: string;
        }[]
      ).map((snapshot) => snapshot.name);
    const before = await sharingsOn(0);
    // Listed through both first: a list one instance remembered would miss the other's changes.
    expect(await namesOn(0)).toEqual(await namesOn(1));
    const saved = await team.call(0, 'POST', '/api/v1/sim/snapshots', {
      headers: admin,
      body: { name: 'team snapshot' },
    });
    expect(saved.status).toBe(201);
    expect(await namesOn(1)).toContain('team snapshot');
    // A change through instance 0, then the restore through instance 1: both show the saved state next.
    const suspended = await team.call(0, 'PUT', '/api/v1/admin/sharings/inv-second-accepted/suspend', {
      headers: admin,
    });
    expect(suspended.status).toBe(200);
    expect(await sharingsOn(1)).not.toEqual(before);
    const restored = await team.call(1, 'POST', '/api/v1/sim/snapshots/team%20snapshot/restore', {
      headers: admin,
    });
    expect(restored.status).toBe(204);
    expect(await sharingsOn(0)).toEqual(before);
    expect(await sharingsOn(1)).toEqual(before);
    expect(
      (await team.call(1, 'DELETE', '/api/v1/sim/snapshots/team%20snapshot', { headers: admin })).status,
    ).toBe(204);
    expect(await namesOn(0)).not.toContain('team snapshot');
    const gone = await team.call(0, 'POST', '/api/v1/sim/snapshots/team%20snapshot/restore', {
      headers: admin,
    });
    expect(gone.status).toBe(404);
  });

  it("lists a developer's calls whichever instance served them, and clears them on every instance", async () => {
    const first = await team.call(0, 'GET', '/api/v1/products', { headers: owner });
    const caller = first.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair?.startsWith('portal_sim_caller='));
    expect(caller).toBeDefined();
    const headers = { ...owner, cookie: String(caller) };
    await team.call(1, 'GET', '/api/v1/users/me', { headers });
    await team.call(0, 'GET', '/api/v1/invitations/claimed?status=ALL', { headers });
    const listed = async (index: number) =>
      ((await team.call(index, 'GET', '/api/v1/sim/calls', { headers })).json() as { path: string }[]).map(
        (call) => call.path,
      );
    const expected = ['/api/v1/invitations/claimed?status=ALL', '/api/v1/users/me', '/api/v1/products'];
    // A list through either instance gathers the calls every instance answered, at once.
    expect(await listed(1)).toEqual(expected);
    expect(await listed(0)).toEqual(expected);
    await team.call(1, 'GET', '/api/v1/products', { headers });
    expect((await listed(0))[0]).toBe('/api/v1/products');
    expect((await team.call(1, 'DELETE', '/api/v1/sim/calls', { headers })).status).toBe(204);
    expect(await listed(0)).toEqual([]);
    // An instance that stops (a rolling restart) leaves the calls it answered to the others' lists.
    const leaving = await team.add();
    await team.call(leaving, 'GET', '/api/v1/invitations/unclaimed/ALL', { headers });
    const instance = team.instances[leaving];
    instance?.child.kill('SIGTERM');
    expect(await instance?.exited).toBe(0);
    expect(await listed(0)).toEqual(['/api/v1/invitations/unclaimed/ALL']);
  }, 60_000); // starts a third instance
});
