import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';
import { writeElsewhere } from '../../test/db.ts';
import { testEngine } from '../../test/engine.ts';
import { isFrozenAnswer } from '../lib/frozen-answers.ts';
import { listAgentFiles } from '../services/agent-files.ts';
import { loadPermissions } from '../services/invitation-views.ts';
import { DEFERRED_INDEX_ROWS, insertRows } from '../simulator/scenarios/bulk-insert.ts';
import { connectedStatements } from './connected-users.ts';
import { LIST_TABLES, REMEMBERED_TABLES } from './data-changes.ts';
import { databasePath, rememberedSqliteSql } from './hot-reads.ts';
import { listStatements } from './list-reads.ts';
import { lookAgain } from './read-freshness.ts';
import { writeRows } from './row-writes.ts';
import {
  CHANGES_TABLE,
  ensureSqliteChangeTriggers,
  ROW_CHANGES_KEPT,
  ROW_CHANGES_TABLE,
  tablesRead,
  WATCHED_TABLES,
} from './sqlite-changes.ts';

// Hot reads are remembered while SQLite's data_version is unchanged (decision 0030): every write,
// from this process or another, must be visible to the very next read. On PostgreSQL the same holds
// (another process is another instance of a team).
const t = useTestApp();

const owner = () => t.prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
const listed = async () => {
  const response = await t.call('GET', '/api/v1/products', 'owner@example.com');
  expect(response.statusCode).toBe(200);
  const { vehicles, wallboxes } = response.json();
  return [...vehicles, ...wallboxes] as { id: string; dataCollectionEnabled: boolean }[];
};

// Every remembered list, as the web app asks for it, with the persona that owns it.
const lists = [
  { name: 'listSharings', url: '/api/v1/admin/sharings', who: 'admin@example.com' },
  { name: 'listAgentApplications', url: '/api/v1/admin/applications', who: 'admin@example.com' },
  { name: 'listClaimedInvitations', url: '/api/v1/invitations/claimed/ALL', who: 'owner@example.com' },
  { name: 'listUnclaimedInvitations', url: '/api/v1/invitations/unclaimed/ALL', who: 'owner@example.com' },
  {
    name: 'listConnectedInvitations',
    url: '/api/v1/agents/invitations/ALL?limit=50',
    who: 'fleet@example.com',
  },
  { name: 'listDownloadJobs', url: '/api/v1/products/download/jobs', who: 'second@example.com' },
] as const;

describe("one-object reads of the lists' tables", () => {
  it('show a change by another connection, through Prisma and through the API on the very next read', async () => {
    const reads = t.app.portal.reads.lists;
    const sqlite = testEngine() === 'sqlite';
    const fleet = await t.prisma.user.findUniqueOrThrow({ where: { email: 'fleet@example.com' } });

    // Through the API: a code redeemed shows its company at once, in the answer and in the next read.
    const products = (await t.call('GET', '/api/v1/products', 'owner@example.com')).json();
    const product = [...products.vehicles, ...products.wallboxes].find(
      (item: { dataCollectionEnabled: boolean }) => item.dataCollectionEnabled,
    );
    const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
      { productId: product.id, includeSensitiveData: false },
    ]);
    expect(created.statusCode).toBe(201);
    const { code } = created.json() as { code: string };
    const stored = code.replaceAll('-', '');
    const invitation = await reads.partiesByCode(stored);
    expect(invitation?.status).toBe('CREATED');
    const id = invitation?.id ?? '';
    expect((await reads.connectedEntry(id))?.status).toBe('CREATED');
    // SQLite remembers them (the same frozen rows while unchanged); PostgreSQL reads them each time.
    if (sqlite) expect(await reads.parties(id)).toBe(await reads.parties(id));
    const redeemed = await t.call('PUT', `/api/v1/invitations/redeem/${code}`, 'fleet@example.com');
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ invitationId: id, status: 'CLAIMED' });
    expect((await reads.parties(id))?.agentId).toBe(fleet.id);
    expect((await reads.connectedEntry(id))?.status).toBe('CLAIMED');
    expect((await reads.ownerInvitation(id))?.status).toBe('CLAIMED');

    // Through Prisma.
    const later = new Date(Date.now() + 20 * 24 * 3600 * 1000);
    await t.prisma.invitation.update({ where: { id }, data: { expiresAt: later } });
    const expiry = (row: { expiresAt: string } | undefined) => row && new Date(row.expiresAt).getTime();
    expect(expiry(await reads.parties(id))).toBe(later.getTime());
    expect(expiry(await reads.partiesByCode(stored))).toBe(later.getTime());
    expect(expiry(await reads.ownerInvitation(id))).toBe(later.getTime());

    // By another connection.
    if (sqlite) expect(await reads.agentFiles(fleet.id)).toBe(await reads.agentFiles(fleet.id));
    const files = await reads.agentFiles(fleet.id);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: "UPDATE AgentFile SET filename = 'moved.pdf' WHERE userId = ?",
        postgresql: `UPDATE "AgentFile" SET filename = 'moved.pdf' WHERE "userId" = $1`,
      },
      [fleet.id],
    );
    const moved = await reads.agentFiles(fleet.id);
    expect(moved.length).toBe(files.length);
    expect(moved.every((file) => file.filename === 'moved.pdf')).toBe(true);
    expect((await reads.agentFile(moved[0]?.id ?? ''))?.filename).toBe('moved.pdf');
    const setStatus = (status: string) =>
      writeElsewhere(
        t.databaseUrl,
        {
          sqlite: 'UPDATE AgentProfile SET status = ? WHERE userId = ?',
          postgresql: `UPDATE "AgentProfile" SET status = $1 WHERE "userId" = $2`,
        },
        [status, fleet.id],
      );
    expect(await reads.agentStatus(fleet.id)).toBe('active');
    await setStatus('rejected');
    try {
      expect(await reads.agentStatus(fleet.id)).toBe('rejected');
    } finally {
      await setStatus('active');
    }
    expect(await reads.agentStatus(fleet.id)).toBe('active');
  });
});

describe('remembered lists', () => {
  const answer = async (list: (typeof lists)[number]) => {
    const response = await t.call('GET', list.url, list.who);
    expect(response.statusCode, `${list.name} ${response.body}`).toBe(200);
    return `${response.headers['x-total-count']} ${response.body}`;
  };

  it.runIf(testEngine() === 'sqlite')('on SQLite, read only the tables whose changes drop them', () => {
    const read = (sql: string) => [...sql.matchAll(/\b(?:FROM|JOIN)\s+"?([A-Z]\w+)"?/g)].map((m) => m[1]);
    const query = { words: ['x'], ownerId: '', claimed: true, statuses: [], invitationId: '', userId: '' };
    const listSql = [
      ...(['sharings', 'ownerInvitations', 'events', 'applications', 'downloadJobs'] as const).flatMap(
        (name) => {
          const statements = listStatements[name] as (typeof listStatements)['sharings'];
          return [statements.page('sqlite', query, { limit: 1 }).sql, statements.count('sqlite', query).sql];
        },
      ),
      listStatements.applicationFiles('sqlite', ['x']).sql,
      // The one-object reads SQLite remembers with the pages (createListReads' `one`).
      ...[
        listStatements.agentStatus('sqlite', 'x'),
        listStatements.parties('sqlite', 'x'),
        listStatements.partiesByCode('sqlite', 'x'),
        listStatements.ownerInvitation('sqlite', 'x'),
        listStatements.connectedEntry('sqlite', 'x'),
        listStatements.downloadJob('sqlite', 'x', 'y'),
        listStatements.downloadJobByToken('sqlite', 'x'),
        listStatements.agentFiles('sqlite', 'x'),
        listStatements.agentFile('sqlite', 'x'),
        listStatements.application('sqlite', 'x'),
        listStatements.permissions('sqlite', 'x'),
        listStatements.accounts('sqlite', 10),
        listStatements.userByEmail('sqlite', 'x'),
      ].map((statement) => statement.sql),
      ...Object.values(connectedStatements({ agentId: '', statuses: [], words: ['x'] })).map((s) => s.sql),
    ];
    const listTables = new Set(listSql.flatMap(read));
    expect(listTables.size).toBeGreaterThan(3);
    for (const table of listTables) expect(LIST_TABLES).toContain(table);
    for (const table of new Set(rememberedSqliteSql.flatMap(read)))
      expect(REMEMBERED_TABLES).toContain(table);
  });

  it('show a rename by another connection on the very next read of every list that shows names', async () => {
    const before = await Promise.all(lists.map(answer));
    expect(await Promise.all(lists.map(answer))).toEqual(before);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: "UPDATE User SET fullName = fullName || ' Renamed'",
        postgresql: `UPDATE "User" SET "fullName" = "fullName" || ' Renamed'`,
      },
      [],
    );
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite:
          "UPDATE AgentProfile SET legalName = legalName || ' Renamed', displayName = displayName || ' Renamed'",
        postgresql: `UPDATE "AgentProfile" SET "legalName" = "legalName" || ' Renamed', "displayName" = "displayName" || ' Renamed'`,
      },
      [],
    );
    const after = await Promise.all(lists.map(answer));
    lists.forEach((list, index) => {
      if (list.name === 'listDownloadJobs' || list.name === 'listUnclaimedInvitations') return;
      expect(after[index], list.name).not.toBe(before[index]);
      expect(after[index], list.name).toContain('Renamed');
    });
  });

  it('show writes through the API and through Prisma on the very next read', async () => {
    const unclaimed = lists[3];
    const products = (await t.call('GET', '/api/v1/products', 'owner@example.com')).json();
    const product = [...products.vehicles, ...products.wallboxes].find(
      (item: { dataCollectionEnabled: boolean }) => item.dataCollectionEnabled,
    );
    const before = await answer(unclaimed);
    expect(await answer(unclaimed)).toBe(before);
    const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
      { productId: product.id, includeSensitiveData: false },
    ]);
    expect(created.statusCode).toBe(201);
    const afterApi = await answer(unclaimed);
    expect(afterApi).not.toBe(before);
    expect(afterApi).toContain(created.json().code);

    const sharings = lists[0];
    const named = await answer(sharings);
    expect(await answer(sharings)).toBe(named);
    await t.prisma.user.updateMany({ data: { fullName: 'Renamed through Prisma' } });
    expect(await answer(sharings)).toContain('Renamed through Prisma');
  });

  it("remember an applications page with its documents, and show a document's change by another connection on the very next read", async () => {
    const applications = t.app.portal.reads.lists.applications;
    const page = { limit: 20 };
    const first = await applications.page({}, page);
    expect(first.some((row) => row.files.length > 0)).toBe(true);
    // Both reads remembered: the same joined page (hence the same items and answer, lib/paging.ts).
    expect(await applications.page({}, page)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const before = await answer(lists[1]);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: "UPDATE AgentFile SET filename = 'renamed-elsewhere.pdf'",
        postgresql: `UPDATE "AgentFile" SET filename = 'renamed-elsewhere.pdf'`,
      },
      [],
    );
    const after = await answer(lists[1]);
    expect(after).not.toBe(before);
    expect(after).toContain('renamed-elsewhere.pdf');
    expect(await applications.page({}, page)).not.toBe(first);
  });

  it("remember an invitation's shared products, and show a product's change by another connection on the very next read", async () => {
    const reads = t.app.portal.reads.lists;
    const invitation = await t.prisma.invitation.findFirstOrThrow({ where: { products: { some: {} } } });
    const first = await reads.permissions(invitation.id);
    expect(first.length).toBeGreaterThan(0);
    if (testEngine() === 'sqlite') expect(await reads.permissions(invitation.id)).toBe(first);
    const [shared] = first;
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'UPDATE Product SET name = ? WHERE id = ?',
        postgresql: 'UPDATE "Product" SET name = $1 WHERE id = $2',
      },
      ['Shared, renamed elsewhere', shared?.id],
    );
    const after = await reads.permissions(invitation.id);
    expect(after.find((row) => row.id === shared?.id)?.name).toBe('Shared, renamed elsewhere');
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'DELETE FROM CollectionPeriod WHERE productId = ?',
        postgresql: 'DELETE FROM "CollectionPeriod" WHERE "productId" = $1',
      },
      [shared?.id],
    );
    expect(
      Number((await reads.permissions(invitation.id)).find((row) => row.id === shared?.id)?.enabled),
    ).toBe(0);
  });

  // Decision 0173: answers made of remembered rows are made (and checked) once while the rows are unchanged.
  it.runIf(testEngine() === 'sqlite')(
    'make the permissions and documents answers once while their rows are unchanged, and again after a change',
    async () => {
      const world = { reads: t.app.portal.reads };
      const invitation = await t.prisma.invitation.findFirstOrThrow({ where: { products: { some: {} } } });
      const permissions = await loadPermissions(world, invitation.id, { forAgent: true });
      expect(await loadPermissions(world, invitation.id, { forAgent: true })).toBe(permissions);
      expect(isFrozenAnswer(permissions)).toBe(true);
      // The owner's view (VINs not masked) is another answer.
      expect(await loadPermissions(world, invitation.id, { forAgent: false })).not.toBe(permissions);
      const fleet = await t.prisma.user.findUniqueOrThrow({ where: { email: 'fleet@example.com' } });
      const files = await listAgentFiles(world, fleet.id);
      expect(await listAgentFiles(world, fleet.id)).toBe(files);
      expect(isFrozenAnswer(files)).toBe(true);
      await writeElsewhere(
        t.databaseUrl,
        {
          sqlite:
            'UPDATE Product SET name = ? WHERE id IN (SELECT productId FROM InvitationProduct WHERE invitationId = ?)',
          postgresql: '',
        },
        ['Renamed for the answer', invitation.id],
      );
      const after = await loadPermissions(world, invitation.id, { forAgent: true });
      expect(after).not.toBe(permissions);
      expect(JSON.stringify(after)).toContain('Renamed for the answer');
    },
  );

  it('show a delete by another connection on the very next read of the list it empties', async () => {
    const jobs = lists[5];
    const before = await answer(jobs);
    expect(before).not.toMatch(/^0 /);
    await writeElsewhere(
      t.databaseUrl,
      { sqlite: 'DELETE FROM DownloadJob', postgresql: 'DELETE FROM "DownloadJob"' },
      [],
    );
    expect(await answer(jobs)).toMatch(/^0 \[\]$/);
  });
});

describe('remembered hot reads', () => {
  it('keep what they remember across writes to tables they do not read, and drop it on one they do', async () => {
    const { id } = await owner();
    const reads = t.app.portal.reads;
    const remembered = await reads.ownProducts(id);
    expect(await reads.ownProducts(id)).toBe(remembered);
    const product = remembered.find((row) => row.enabled === 1) ?? remembered[0];
    if (!product) throw new Error('the demo owner needs a product');
    // An invitation (a write through the API) touches no table a remembered read reads.
    const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
      { productId: product.id, includeSensitiveData: false },
    ]);
    expect(created.statusCode).toBe(201);
    expect(await reads.ownProducts(id)).toBe(remembered);
    // A product renamed by another connection is one.
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'UPDATE Product SET name = ? WHERE id = ?',
        postgresql: 'UPDATE "Product" SET name = $1 WHERE id = $2',
      },
      ['Renamed elsewhere', product.id],
    );
    const after = await reads.ownProducts(id);
    expect(after).not.toBe(remembered);
    expect(after.find((row) => row.id === product.id)?.name).toBe('Renamed elsewhere');
  });

  it('remember the current user, and show a change by another connection and the terms by the clock on the very next read', async () => {
    const { id } = await owner();
    const reads = t.app.portal.reads;
    const now = new Date();
    const before = await reads.currentUser(id, now);
    expect(before?.latestTerms).not.toBeNull();
    // Remembered: the same frozen row, so the same answer bytes (lib/frozen-answers.ts).
    expect(await reads.currentUser(id, now)).toBe(before);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'UPDATE User SET fullName = ? WHERE id = ?',
        postgresql: 'UPDATE "User" SET "fullName" = $1 WHERE id = $2',
      },
      ['Renamed elsewhere', id],
    );
    expect((await reads.currentUser(id, now))?.fullName).toBe('Renamed elsewhere');
    // A newer version published elsewhere waits at once; the clock picks the version per call.
    const published = new Date(now.getTime() - 1_000);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: `INSERT INTO TermsVersion (version, role, publishedAt, documentName) VALUES ('remembered', 'user', ?, 'x.pdf')`,
        postgresql: `INSERT INTO "TermsVersion" (version, role, "publishedAt", "documentName") VALUES ('remembered', 'user', $1::timestamp, 'x.pdf')`,
      },
      [published.toISOString().replace('Z', '+00:00')],
    );
    expect(await reads.currentUser(id, now)).toMatchObject({ latestTerms: 'remembered', accepted: 0 });
    expect(await reads.currentUser(id, new Date(published.getTime() - 1))).toMatchObject({
      latestTerms: before?.latestTerms,
    });
    await t.prisma.termsAcceptance.create({
      data: { userId: id, role: 'user', version: 'remembered', acceptedAt: now },
    });
    expect(await reads.currentUser(id, now)).toMatchObject({ latestTerms: 'remembered', accepted: 1 });
  });

  it.runIf(testEngine() === 'sqlite')(
    'on SQLite, without the change token (its table, the row log and triggers gone), drop everything on every commit',
    async () => {
      const { id } = await owner();
      const reads = t.app.portal.reads;
      const query = { ownerId: id, claimed: false, statuses: ['CREATED'] };
      const page = await reads.lists.ownerInvitations.page(query, { limit: 500 });
      const other = new Database(databasePath(t.databaseUrl));
      try {
        const triggers = other
          .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'portal_changed_%'")
          .pluck()
          .all() as string[];
        expect(triggers.length).toBeGreaterThan(0);
        for (const name of triggers) other.exec(`DROP TRIGGER "${name}"`);
        other.exec(`DROP TABLE "${CHANGES_TABLE}"`);
        other.exec(`DROP TABLE "${ROW_CHANGES_TABLE}"`);
      } finally {
        other.close();
      }
      const remembered = await reads.ownProducts(id);
      expect(await reads.ownProducts(id)).toBe(remembered);
      const created = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
        { productId: remembered[0]?.id, includeSensitiveData: false },
      ]);
      expect(created.statusCode).toBe(201);
      expect(await reads.ownProducts(id)).not.toBe(remembered);
      const after = await reads.lists.ownerInvitations.page(query, { limit: 500 });
      expect(after).not.toBe(page);
      expect(after).toHaveLength(page.length + 1);
    },
  );

  it('show a write through Prisma on the very next request', async () => {
    const before = await listed();
    expect(await listed()).toEqual(before); // now answered from memory
    const product = before.find((item) => !item.dataCollectionEnabled);
    if (!product) throw new Error('the demo owner needs a product with collection off');
    await t.prisma.collectionPeriod.create({
      data: { productId: product.id, enabledAt: t.clock.now() },
    });
    const after = await listed();
    expect(after.find((item) => item.id === product.id)?.dataCollectionEnabled).toBe(true);

    await t.prisma.product.delete({ where: { id: product.id } });
    expect((await listed()).map((item) => item.id)).not.toContain(product.id);
  });

  it('show a write by another connection (another process) on the very next read', async () => {
    const { id } = await owner();
    const reads = t.app.portal.reads;
    const count = (await reads.ownProducts(id)).length;
    expect(await reads.ownProducts(id)).toHaveLength(count);
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'DELETE FROM Product WHERE ownerId = ?',
        postgresql: 'DELETE FROM "Product" WHERE "ownerId" = $1',
      },
      [id],
    );
    expect(await reads.ownProducts(id)).toHaveLength(0);
  });

  it('end a session for the very next request when it is deleted or its user changes role', async () => {
    const browser = createBrowser(t);
    await signIn(browser, 'owner@example.com');
    expect((await browser.get('/api/v1/products')).status).toBe(200);
    expect((await browser.get('/api/v1/products')).status).toBe(200);

    const { id } = await owner();
    await t.prisma.user.update({ where: { id }, data: { role: 'agent' } });
    expect((await browser.get('/api/v1/products')).status).toBe(403);
    await t.prisma.user.update({ where: { id }, data: { role: 'user' } });
    expect((await browser.get('/api/v1/products')).status).toBe(200);

    await t.prisma.session.deleteMany({ where: { userId: id } });
    expect((await browser.get('/api/v1/products')).status).toBe(401);
  });
});

describe.runIf(testEngine() === 'sqlite')(
  'on SQLite, remembered by the tables each read opens (decision 0130)',
  () => {
    // An earlier test took the tokens away; a start puts them back.
    beforeAll(() => ensureSqliteChangeTriggers(databasePath(t.databaseUrl)));

    it("name a statement's tables as SQLite's plan opens them, subqueries and indexes included", () => {
      const db = new Database(databasePath(t.databaseUrl), { readonly: true });
      try {
        const [session, currentUser, ownProducts] = rememberedSqliteSql.map((sql) =>
          tablesRead(db, sql, ['']),
        );
        expect(session?.sort()).toEqual(['Session', 'User']);
        expect(currentUser?.sort()).toEqual(['AgentProfile', 'TermsAcceptance', 'TermsVersion', 'User']);
        expect(ownProducts?.sort()).toEqual(['CollectionPeriod', 'Product']);
        const connected = connectedStatements({ agentId: 'x', statuses: ['CLAIMED'], words: ['ann'] });
        expect(tablesRead(db, connected.count.sql, connected.count.params)?.sort()).toEqual([
          'Invitation',
          'User',
        ]);
        // A table only the statement's own connection knows cannot be named: such a read is never kept.
        db.exec('CREATE TEMP TABLE scratch (id TEXT)');
        expect(tablesRead(db, 'SELECT id FROM scratch', [])).toBeUndefined();
        expect(WATCHED_TABLES).not.toContain('Fault');
        expect(tablesRead(db, 'SELECT id FROM Fault', [])).toEqual(['Fault']);
      } finally {
        db.close();
      }
    });

    // Another connection (another process) rewrites every row of `table` as it is: the table's triggers fire.
    const touch = (table: string, column: string) => {
      const other = new Database(databasePath(t.databaseUrl));
      try {
        expect(
          other.prepare(`UPDATE "${table}" SET "${column}" = "${column}"`).run().changes,
          table,
        ).toBeGreaterThan(0);
      } finally {
        other.close();
      }
      // What follows is a later request's (db/read-freshness.ts).
      lookAgain();
    };

    it('keep a read through a change of a table it does not read, and drop it on a change of one it does', async () => {
      const { id } = await owner();
      const reads = t.app.portal.reads;
      // A session of the owner's, so the sessions' table has rows to touch.
      await signIn(createBrowser(t), 'owner@example.com');
      const query = { ownerId: id, claimed: false, statuses: [] };
      const products = await reads.ownProducts(id);
      expect(await reads.ownProducts(id)).toBe(products);
      const user = await reads.currentUser(id, new Date());
      const invitations = await reads.lists.ownerInvitations.page(query, { limit: 20 });
      expect(await reads.lists.ownerInvitations.page(query, { limit: 20 })).toBe(invitations);
      // A download job finished and a session's touch: neither table is read by these.
      const other = new Database(databasePath(t.databaseUrl));
      try {
        other
          .prepare(
            `INSERT INTO DownloadJob (id, userId, type, status, exportRequest, createdAt, updatedAt, runAt)
            VALUES ('tables-job', ?, 'PRODUCTS', 'COMPLETED', '{}', 0, 0, 0)`,
          )
          .run(id);
      } finally {
        other.close();
      }
      touch('DownloadJob', 'updatedAt');
      touch('Session', 'lastSeenAt');
      expect(await reads.ownProducts(id)).toBe(products);
      expect(await reads.currentUser(id, new Date())).toBe(user);
      expect(await reads.lists.ownerInvitations.page(query, { limit: 20 })).toBe(invitations);
      // A collection period (read by the products' subquery) drops the products, and only them.
      touch('CollectionPeriod', 'enabledAt');
      expect(await reads.ownProducts(id)).not.toBe(products);
      expect(await reads.currentUser(id, new Date())).toBe(user);
      expect(await reads.lists.ownerInvitations.page(query, { limit: 20 })).toBe(invitations);
      // A terms acceptance (read by the current user's subquery) drops the user; an invitation the page,
      // which a shared product's change (a table the page does not read) keeps.
      touch('TermsAcceptance', 'version');
      expect(await reads.currentUser(id, new Date())).not.toBe(user);
      touch('InvitationProduct', 'includeSensitiveData');
      expect(await reads.lists.ownerInvitations.page(query, { limit: 20 })).toBe(invitations);
      touch('Invitation', 'status');
      expect(await reads.lists.ownerInvitations.page(query, { limit: 20 })).not.toBe(invitations);
    });

    // Decision 0173: what is made of a row (a list's item, checked and serialised) is made once per row.
    it('give back the same row objects for the rows a change left as they were, and new ones for the rows it changed', async () => {
      const { id } = await owner();
      const other = new Database(databasePath(t.databaseUrl));
      try {
        for (const n of [1, 2]) {
          other
            .prepare(
              `INSERT INTO Invitation (id, ownerId, code, status, createdAt, statusChangedAt, expiresAt)
               VALUES (?, ?, ?, 'CREATED', ?, ?, ?)`,
            )
            .run(
              `kept-row-${n}`,
              id,
              `KEPTROW${n}`,
              '2030-01-01T00:00:00.000+00:00',
              '2030-01-01T00:00:00.000+00:00',
              '2031-01-01T00:00:00.000+00:00',
            );
        }
        lookAgain();
        const reads = t.app.portal.reads;
        const query = { ownerId: id, claimed: false, statuses: ['CREATED'] };
        const before = await reads.lists.ownerInvitations.page(query, { limit: 50 });
        expect(before.length).toBeGreaterThan(1);
        const [changed, ...kept] = before as { id: string; expiresAt: string }[];
        expect(
          other
            .prepare('UPDATE Invitation SET expiresAt = ? WHERE id = ?')
            .run('2032-01-01T00:00:00.000+00:00', changed?.id).changes,
        ).toBe(1);
        lookAgain();
        const after = await reads.lists.ownerInvitations.page(query, { limit: 50 });
        expect(after).not.toBe(before);
        const again = new Map(after.map((row) => [row.id, row]));
        for (const row of kept) expect(again.get(row.id)).toBe(row);
        const changedAfter = again.get(changed?.id ?? '');
        expect(changedAfter).not.toBe(changed);
        expect(changedAfter?.expiresAt).toContain('2032-01-01');
        expect(Object.isFrozen(changedAfter)).toBe(true);
      } finally {
        other.close();
      }
    });

    // Decision 0171: read again, a list's unchanged rows are found among its last rows, without their text.
    it("find the rows a change left as they were among the list's last rows, without making their text", async () => {
      const { id } = await owner();
      const other = new Database(databasePath(t.databaseUrl));
      try {
        const insert = other.prepare(
          `INSERT INTO Invitation (id, ownerId, code, status, createdAt, statusChangedAt, expiresAt)
           VALUES (?, ?, ?, 'CREATED', ?, ?, ?)`,
        );
        for (const n of [1, 2, 3]) {
          const at = `2030-01-0${n}T00:00:00.000+00:00`;
          insert.run(`near-row-${n}`, id, `NEARROW${n}`, at, at, '2031-01-01T00:00:00.000+00:00');
        }
        lookAgain();
        const reads = t.app.portal.reads;
        const query = { ownerId: id, claimed: false, statuses: ['CREATED'] };
        const before = await reads.lists.ownerInvitations.page(query, { limit: 50 });
        expect(before.length).toBeGreaterThan(2);
        // A change of the second row and two new rows before all of them: every other row moves two places.
        const [first, changed] = before as { id: string; expiresAt: string }[];
        other
          .prepare('UPDATE Invitation SET expiresAt = ? WHERE id = ?')
          .run('2032-01-01T00:00:00.000+00:00', changed?.id);
        for (const n of [1, 2]) {
          const newest = `2030-02-0${n}T00:00:00.000+00:00`;
          insert.run(
            `near-row-new-${n}`,
            id,
            `NEARROWNEW${n}`,
            newest,
            newest,
            '2031-01-01T00:00:00.000+00:00',
          );
        }
        lookAgain();
        // JSON.stringify as before, its arguments recorded.
        const stringify = vi.spyOn(JSON, 'stringify');
        let after: readonly { id: string }[];
        let texts: unknown[];
        try {
          after = await reads.lists.ownerInvitations.page(query, { limit: 50 });
          texts = stringify.mock.calls.map(([value]) => value);
        } finally {
          stringify.mockRestore();
        }
        expect(after[2]).toBe(first);
        const again = new Map(after.map((row) => [row.id, row]));
        for (const row of before) if (row !== changed) expect(again.get(row.id)).toBe(row);
        expect(again.get(changed?.id ?? '')).not.toBe(changed);
        // Only the changed row and the new ones were made into text to be looked up.
        const rowTexts = texts.filter(
          (value) => typeof value === 'object' && value !== null && 'expiresAt' in value,
        );
        expect(rowTexts.map((row) => (row as unknown as { id: string }).id).sort()).toEqual(
          [changed?.id, 'near-row-new-1', 'near-row-new-2'].sort(),
        );
      } finally {
        other.close();
      }
    });

    // Decision 0168: a page that shows only some users' rows is kept through changes of other users' rows.
    describe("a list of one user's rows (decision 0168)", () => {
      const elsewhere = (run: (db: Database.Database) => void) => {
        const other = new Database(databasePath(t.databaseUrl));
        try {
          run(other);
        } finally {
          other.close();
        }
        lookAgain();
      };
      let made = 0;
      const invite = (db: Database.Database, ownerId: string, agentId: string | null = null) => {
        made += 1;
        const id = `scoped-${made}`;
        db.prepare(
          `INSERT INTO Invitation (id, ownerId, agentId, code, status, createdAt, statusChangedAt, expiresAt)
           VALUES (?, ?, ?, ?, 'CREATED', ?, ?, ?)`,
        ).run(
          id,
          ownerId,
          agentId,
          `SCOPED${made}`,
          '2030-01-01T00:00:00.000+00:00',
          '2030-01-01T00:00:00.000+00:00',
          '2031-01-01T00:00:00.000+00:00',
        );
        return id;
      };
      const ids = async () => {
        const [owner, second] = await Promise.all(
          ['owner@example.com', 'second@example.com'].map((email) =>
            t.prisma.user.findUniqueOrThrow({ where: { email } }),
          ),
        );
        return { owner: (owner as { id: string }).id, second: (second as { id: string }).id };
      };
      const statuses = ['CREATED', 'CLAIMED', 'ACCEPTED', 'DECLINED', 'PAUSED_BY_ADMIN'];
      const pageOf = (ownerId: string, claimed: boolean) =>
        t.app.portal.reads.lists.ownerInvitations.page({ ownerId, claimed, statuses }, { limit: 200 });

      it("keeps an owner's pages through another owner's new invitation, and drops them on one of its own", async () => {
        const { owner, second } = await ids();
        const unclaimed = await pageOf(owner, false);
        const claimed = await pageOf(owner, true);
        expect(await pageOf(owner, false)).toBe(unclaimed);
        // Another owner's invitation and its product, by another connection: neither page can show them.
        elsewhere((db) => {
          const id = invite(db, second);
          db.prepare(
            'INSERT INTO InvitationProduct (invitationId, productId) SELECT ?, id FROM Product WHERE ownerId = ? LIMIT 1',
          ).run(id, second);
        });
        expect(await pageOf(owner, false)).toBe(unclaimed);
        expect(await pageOf(owner, true)).toBe(claimed);
        // The owner's own unclaimed invitation: the unclaimed page shows it, the claimed page cannot.
        let mine = '';
        elsewhere((db) => {
          mine = invite(db, owner);
        });
        const after = await pageOf(owner, false);
        expect(after).not.toBe(unclaimed);
        expect(after.map((row) => row.id)).toContain(mine);
        expect(await pageOf(owner, true)).toBe(claimed);
        // Claimed by a company: it leaves the unclaimed page and joins the claimed one.
        elsewhere((db) => {
          db.prepare(
            "UPDATE Invitation SET agentId = (SELECT id FROM User WHERE email = 'fleet@example.com'), status = 'CLAIMED' WHERE id = ?",
          ).run(mine);
        });
        expect((await pageOf(owner, false)).map((row) => row.id)).not.toContain(mine);
        expect((await pageOf(owner, true)).map((row) => row.id)).toContain(mine);
      });

      it('drops what it kept when a load skipped the row log, or an older copy of the file is put back', async () => {
        const { owner, second } = await ids();
        const before = await pageOf(owner, false);
        // A load large enough to go without the row triggers (bulk-insert.ts), while another connection
        // logs a change of another owner's rows: the load still drops this owner's page.
        const loadedRows = Array.from({ length: DEFERRED_INDEX_ROWS }, (_, at) => ({
          id: `loaded-${at}`,
          ownerId: owner,
          agentId: null,
          code: `LOADED${at}`,
          status: 'CREATED',
          createdAt: new Date(Date.UTC(2020, 0, 1)),
          statusChangedAt: new Date(Date.UTC(2020, 0, 1)),
          expiresAt: new Date(Date.UTC(2032, 0, 1)),
        }));
        await insertRows(t.prisma, 'Invitation', loadedRows);

        elsewhere((db) => {
          invite(db, second);
        });
        const afterLoad = await pageOf(owner, false);
        expect(afterLoad).not.toBe(before);
        expect(afterLoad.some((row) => row.id.startsWith('loaded-'))).toBe(true);
        // A copy of the file now (SQLite's backup), a new invitation, then the copy put back.
        const copy = join(mkdtempSync(join(tmpdir(), 'scoped-')), 'copy.db');
        const live = new Database(databasePath(t.databaseUrl));
        try {
          await live.backup(copy);
        } finally {
          live.close();
        }
        let gone = '';
        elsewhere((db) => {
          gone = invite(db, owner);
        });
        expect((await pageOf(owner, false)).map((row) => row.id)).toContain(gone);
        const back = new Database(copy);
        try {
          await back.backup(databasePath(t.databaseUrl));
        } finally {
          back.close();
        }
        // Before any read, the file put back goes on: its log reaches the numbers of the log followed.
        elsewhere((db) => {
          invite(db, second);
          invite(db, second);
        });
        expect((await pageOf(owner, false)).map((row) => row.id)).not.toContain(gone);
      });

      it("keeps a company's connected users and the admin's sharings through an owner's new code, and drops them when a company claims one", async () => {
        const { owner } = await ids();
        const reads = t.app.portal.reads;
        const fleet = (await t.prisma.user.findUniqueOrThrow({ where: { email: 'fleet@example.com' } })).id;
        const query = { agentId: fleet, statuses, limit: 50 };
        const connected = await reads.connected.page(query);
        const sharings = await reads.lists.sharings.page({}, { limit: 50 });
        expect(connected.length).toBeGreaterThan(0);
        expect(await reads.connected.page(query)).toBe(connected);
        let code = '';
        elsewhere((db) => {
          code = invite(db, owner);
        });
        expect(await reads.connected.page(query)).toBe(connected);
        expect(await reads.lists.sharings.page({}, { limit: 50 })).toBe(sharings);
        elsewhere((db) => {
          db.prepare("UPDATE Invitation SET agentId = ?, status = 'CLAIMED', claimedAt = ? WHERE id = ?").run(
            fleet,
            '2030-01-02T00:00:00.000+00:00',
            code,
          );
        });
        expect((await reads.connected.page(query)).map((row) => row.invitationId)).toContain(code);
        expect((await reads.lists.sharings.page({}, { limit: 50 })).map((row) => row.id)).toContain(code);
      });

      it("keeps the admin's applications with their documents through another person's document, and drops them on one of theirs", async () => {
        const reads = t.app.portal.reads;
        const page = await reads.lists.applications.page({}, { limit: 50 });
        expect(page.length).toBeGreaterThan(0);
        expect(await reads.lists.applications.page({}, { limit: 50 })).toBe(page);
        const document = (db: Database.Database, id: string, userId: string) =>
          db
            .prepare(
              `INSERT INTO AgentFile (id, userId, section, filename, storedName, size, contentType, createdAt, submitted)
               VALUES (?, ?, 'REGISTRATION', 'a.pdf', ?, 1, 'application/pdf', '2030-01-01T00:00:00.000+00:00', 1)`,
            )
            .run(id, userId, id);
        const { owner } = await ids();
        elsewhere((db) => document(db, 'not-on-the-page', owner));
        expect(await reads.lists.applications.page({}, { limit: 50 })).toBe(page);
        elsewhere((db) => document(db, 'on-the-page', (page[0] as { userId: string }).userId));
        const after = await reads.lists.applications.page({}, { limit: 50 });
        expect(after).not.toBe(page);
        expect(JSON.stringify(after)).toContain('on-the-page');
      });

      it('keeps the row log to its last images', () => {
        elsewhere((db) => {
          const insert = db.prepare(
            "INSERT INTO AgentFile (id, userId, section, filename, storedName, size, contentType, createdAt) SELECT ?, id, 'REGISTRATION', 'a.pdf', ?, 1, 'application/pdf', '2030-01-01T00:00:00.000+00:00' FROM User WHERE email = 'fleet@example.com'",
          );
          db.transaction(() => {
            for (let at = 0; at < ROW_CHANGES_KEPT + 2_000; at += 1) insert.run(`log-${at}`, `log-${at}`);
          })();
          db.exec("DELETE FROM AgentFile WHERE id LIKE 'log-%'");
          const kept = db.prepare(`SELECT count(*) FROM "${ROW_CHANGES_TABLE}"`).pluck().get() as number;
          expect(kept).toBeLessThanOrEqual(ROW_CHANGES_KEPT + 1_000);
        });
      });
    });

    // Decision 0136: SQLite is asked whether another connection committed once per request arrival or
    // commit of this process, not once per read.
    it('share one look for changes between request arrivals and commits of this process', async () => {
      // The second owner: an earlier test took the first one's products away.
      const { id } = await t.prisma.user.findUniqueOrThrow({ where: { email: 'second@example.com' } });
      const reads = t.app.portal.reads;
      const products = await reads.ownProducts(id);
      expect(products.length).toBeGreaterThan(0);
      const renameElsewhere = (name: string) => {
        const other = new Database(databasePath(t.databaseUrl));
        try {
          other.prepare('UPDATE Product SET name = ?, model = ? WHERE ownerId = ?').run(name, name, id);
        } finally {
          other.close();
        }
      };
      // Another process commits while a request is being served: the request's later reads may keep the
      // answer of its first look (the write is concurrent with it)…
      renameElsewhere('Renamed elsewhere');
      expect(await reads.ownProducts(id)).toBe(products);
      // …and the next request sees it, through HTTP, with nothing but its arrival in between.
      const answer = await t.call('GET', '/api/v1/products', 'second@example.com');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('Renamed elsewhere');
      const renamed = await reads.ownProducts(id);
      expect(renamed).not.toBe(products);
      // A write of this process, on the write lane with no request in between, is seen by the next read.
      await writeRows(t.prisma, [
        { update: 'Product', where: { id: renamed[0]?.id ?? '' }, set: { name: 'Renamed on the lane' } },
      ]);
      expect((await reads.ownProducts(id)).find((item) => item.id === renamed[0]?.id)?.name).toBe(
        'Renamed on the lane',
      );
      // And one through Prisma.
      await t.prisma.product.update({
        where: { id: renamed[0]?.id ?? '' },
        data: { name: 'Renamed by Prisma' },
      });
      expect((await reads.ownProducts(id)).find((item) => item.id === renamed[0]?.id)?.name).toBe(
        'Renamed by Prisma',
      );
    });
  },
);
