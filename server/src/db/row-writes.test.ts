import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { testEngine } from '../../test/engine.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { newRowId } from './row-ids.ts';
import { unlessDuplicate, writeRows } from './row-writes.ts';
import { UPDATED_AT_COLUMNS, writeLane } from './sqlite-write-lane.ts';

// Writes beside Prisma (decision 0123): the same steps on both engines, all or nothing, Prisma's error
// codes; on SQLite on Prisma's own connection, never inside a Prisma transaction that is still open.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: true });
});
afterAll(() => db.cleanup());

const at = new Date('2026-03-01T09:00:00Z');
const owner = () => db.prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
const invitationRow = (ownerId: string, code = newRowId().toUpperCase().slice(0, 16)) => ({
  id: newRowId(),
  ownerId,
  code,
  status: 'CREATED',
  createdAt: at,
  statusChangedAt: at,
  expiresAt: new Date(at.getTime() + 86_400_000),
});
const prismaCode = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError ? error.code : String(error);

describe('writeRows', () => {
  it('writes rows Prisma reads back as its own: dates, booleans and nulls', async () => {
    const { id: ownerId } = await owner();
    const product = await db.prisma.product.findFirstOrThrow({ where: { ownerId } });
    const row = invitationRow(ownerId);
    await writeRows(db.prisma, [
      { insert: 'Invitation', row },
      {
        insert: 'InvitationProduct',
        row: { invitationId: row.id, productId: product.id, includeSensitiveData: true },
      },
    ]);
    const stored = await db.prisma.invitation.findUniqueOrThrow({
      where: { id: row.id },
      include: { products: true },
    });
    expect(stored).toMatchObject({ ...row, agentId: null, claimedAt: null });
    expect(stored.products).toEqual([
      { invitationId: row.id, productId: product.id, includeSensitiveData: true },
    ]);
    // The same text Prisma writes, so raw SQL comparisons and orderings see one format.
    const viaPrisma = await db.prisma.invitation.create({
      data: { ...invitationRow(ownerId), id: newRowId() },
    });
    const texts = await db.prisma.$queryRawUnsafe<{ createdAt: unknown }[]>(
      'SELECT "createdAt" FROM "Invitation" WHERE "id" IN ($1, $2)'.replace(
        /\$(\d)/g,
        testEngine() === 'sqlite' ? '?' : '$$$1',
      ),
      row.id,
      viaPrisma.id,
    );
    expect(texts[0]?.createdAt).toEqual(texts[1]?.createdAt);
  });

  it('writes nothing of the list when a step fails: P2002 for a duplicate key, P2025 for a lost update', async () => {
    const { id: ownerId } = await owner();
    const first = invitationRow(ownerId);
    await writeRows(db.prisma, [{ insert: 'Invitation', row: first }]);
    const second = invitationRow(ownerId);
    const duplicate = await writeRows(db.prisma, [
      { insert: 'Invitation', row: second },
      { insert: 'Invitation', row: { ...invitationRow(ownerId), code: first.code } },
    ]).catch(prismaCode);
    expect(duplicate).toBe('P2002');
    expect(await db.prisma.invitation.findUnique({ where: { id: second.id } })).toBeNull();

    const lost = await writeRows(db.prisma, [
      { update: 'Invitation', where: { id: first.id, status: 'CREATED' }, set: { status: 'CLAIMED' } },
      { update: 'Invitation', where: { id: first.id, status: 'CREATED' }, set: { status: 'ACCEPTED' } },
    ]).catch(prismaCode);
    expect(lost).toBe('P2025');
    expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: first.id } })).status).toBe(
      'CREATED',
    );

    const missingParent = await writeRows(db.prisma, [
      { insert: 'Invitation', row: { ...invitationRow(ownerId), ownerId: 'nobody' } },
    ]).catch(prismaCode);
    expect(missingParent).toBe('P2003');
  });

  it('lets a caller accept a duplicate as its outcome, and nothing else', async () => {
    const { id: ownerId } = await owner();
    const row = invitationRow(ownerId);
    await writeRows(db.prisma, [{ insert: 'Invitation', row }]);
    await expect(
      writeRows(db.prisma, [{ insert: 'Invitation', row }]).catch(unlessDuplicate),
    ).resolves.toBeUndefined();
    const orphan = { ...invitationRow(ownerId), ownerId: 'nobody' };
    const failed = await writeRows(db.prisma, [{ insert: 'Invitation', row: orphan }])
      .catch(unlessDuplicate)
      .catch(prismaCode);
    expect(failed).toBe('P2003');
  });

  it('removes the rows matching every column given, and none is not an error', async () => {
    const { id: ownerId } = await owner();
    const [kept, gone] = [invitationRow(ownerId), invitationRow(ownerId)];
    await writeRows(db.prisma, [
      { insert: 'Invitation', row: kept },
      { insert: 'Invitation', row: gone },
    ]);
    await writeRows(db.prisma, [
      { remove: 'Invitation', where: { id: gone.id, ownerId } },
      { remove: 'Invitation', where: { id: kept.id, ownerId: 'someone-else' } },
      { remove: 'Invitation', where: { id: 'no-such-id' } },
    ]);
    expect(await db.prisma.invitation.findUnique({ where: { id: gone.id } })).toBeNull();
    expect(await db.prisma.invitation.findUnique({ where: { id: kept.id } })).not.toBeNull();
  });

  it("joins a caller's Prisma transaction when given its client", async () => {
    const { id: ownerId } = await owner();
    const row = invitationRow(ownerId);
    await db.prisma
      .$transaction(async (tx) => {
        await writeRows(tx, [{ insert: 'Invitation', row }]);
        expect(await tx.invitation.findUnique({ where: { id: row.id } })).not.toBeNull();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db.prisma.invitation.findUnique({ where: { id: row.id } })).toBeNull();
  });
});

describe.runIf(testEngine() === 'sqlite')('the SQLite write lane', () => {
  it('belongs to the client only, not to its transactions', async () => {
    expect(writeLane(db.prisma)).toBeDefined();
    await db.prisma.$transaction(async (tx) => {
      expect(writeLane(tx)).toBeUndefined();
    });
  });

  it('waits for an open Prisma transaction to end instead of writing inside it', async () => {
    const { id: ownerId } = await owner();
    const inPrisma = invitationRow(ownerId);
    const onLane = invitationRow(ownerId);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began = () => {};
    const begun = new Promise<void>((resolve) => {
      began = resolve;
    });
    const prismaTransaction = db.prisma
      .$transaction(async (tx) => {
        await tx.invitation.create({ data: inPrisma });
        began();
        await held;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await begun;
    let laneDone = false;
    const laneWrite = writeRows(db.prisma, [{ insert: 'Invitation', row: onLane }]).then(() => {
      laneDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(laneDone).toBe(false);
    release();
    await prismaTransaction;
    await laneWrite;
    // The rolled-back transaction took only its own row with it.
    expect(await db.prisma.invitation.findUnique({ where: { id: inPrisma.id } })).toBeNull();
    expect(await db.prisma.invitation.findUnique({ where: { id: onLane.id } })).not.toBeNull();
  });
});

describe.runIf(testEngine() === 'sqlite')(
  'the lane commits the bodies of one turn together (decision 0131)',
  () => {
    const lane = () => {
      const found = writeLane(db.prisma);
      if (!found) throw new Error('no lane');
      return found;
    };
    const exists = async (id: string) => (await db.prisma.invitation.findUnique({ where: { id } })) !== null;

    it('in one transaction, each body all or nothing: a failed one takes only its own rows', async () => {
      const { id: ownerId } = await owner();
      const first = invitationRow(ownerId);
      const duplicate = invitationRow(ownerId, first.code);
      const refused = invitationRow(ownerId);
      const last = invitationRow(ownerId);
      // Handed over in one turn: one group.
      const outcomes = await Promise.allSettled([
        lane().run((writer) => writer.insert('Invitation', first)),
        lane().run((writer) => writer.insert('Invitation', duplicate)),
        lane().run((writer) => {
          writer.insert('Invitation', refused);
          throw new Error('refused after writing');
        }),
        // A later body sees what an earlier one of its group wrote, as if they ran one after the other.
        lane().run((writer) => {
          writer.insert('Invitation', last);
          return writer.update('Invitation', { id: first.id }, { status: 'CANCELED' });
        }),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
      ]);
      expect(prismaCode((outcomes[1] as PromiseRejectedResult).reason)).toBe('P2002');
      expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain('refused after writing');
      expect((outcomes[3] as PromiseFulfilledResult<number>).value).toBe(1);
      expect(await exists(first.id)).toBe(true);
      expect(await exists(duplicate.id)).toBe(false);
      expect(await exists(refused.id)).toBe(false);
      expect(await exists(last.id)).toBe(true);
      expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: first.id } })).status).toBe(
        'CANCELED',
      );
    });

    it('fails every body of the group, and writes none, when the transaction itself is lost', async () => {
      const { id: ownerId } = await owner();
      const rows = [invitationRow(ownerId), invitationRow(ownerId), invitationRow(ownerId)];
      // A trigger that rolls back the whole transaction on the middle row (as SQLite does on some errors).
      await db.prisma.$executeRawUnsafe(
        `CREATE TRIGGER "lose_the_group" BEFORE INSERT ON "Invitation" WHEN NEW."id" = '${rows[1]?.id}'
        BEGIN SELECT RAISE(ROLLBACK, 'the group is lost'); END`,
      );
      try {
        const outcomes = await Promise.allSettled(
          rows.map((row) => lane().run((writer) => writer.insert('Invitation', row))),
        );
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
        for (const row of rows) expect(await exists(row.id)).toBe(false);
      } finally {
        await db.prisma.$executeRawUnsafe('DROP TRIGGER "lose_the_group"');
      }
      // The lane goes on: the next body commits.
      const after = invitationRow(ownerId);
      await lane().run((writer) => writer.insert('Invitation', after));
      expect(await exists(after.id)).toBe(true);
    });
  },
);

describe('upserts and @updatedAt', () => {
  it('the lane stamps exactly the columns the schema marks @updatedAt', () => {
    const schema = readFileSync(new URL('../../../prisma/schema.prisma', import.meta.url), 'utf8');
    const marked: Record<string, string[]> = {};
    let model = '';
    for (const line of schema.split('\n')) {
      model = /^model (\w+)/.exec(line)?.[1] ?? model;
      const field = /^\s+(\w+)\s.*@updatedAt/.exec(line)?.[1];
      if (field) marked[model] = [...(marked[model] ?? []), field];
    }
    expect(UPDATED_AT_COLUMNS).toEqual(marked);
  });

  it('inserts the row when none has the key, changes it when one does, and moves updatedAt each time', async () => {
    await db.prisma.simState.deleteMany({});
    const first = new Date('2026-03-01T09:00:00Z');
    await writeRows(db.prisma, [
      { upsert: 'SimState', where: { id: 1 }, set: { speed: 2, realAnchor: first, simAnchor: first } },
    ]);
    const created = await db.prisma.simState.findUniqueOrThrow({ where: { id: 1 } });
    expect(created).toMatchObject({ speed: 2, realAnchor: first, simAnchor: first });
    const later = new Date('2026-03-02T09:00:00Z');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await writeRows(db.prisma, [
      { upsert: 'SimState', where: { id: 1 }, set: { speed: 0.5, realAnchor: later, simAnchor: later } },
    ]);
    const changed = await db.prisma.simState.findUniqueOrThrow({ where: { id: 1 } });
    expect(changed).toMatchObject({ speed: 0.5, realAnchor: later, simAnchor: later });
    expect(changed.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
    expect(await db.prisma.simState.count()).toBe(1);
  });
});
