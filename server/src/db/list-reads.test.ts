// The list reads build each statement once per set of arguments (the kept statements of db/list-reads.ts):
// a statement handed to the runner must be exactly the one its arguments build, the same object for the
// same arguments (its key made once), a different one as soon as any argument differs, and unchangeable.
import { describe, expect, it } from 'vitest';
import { createListReads, type Dialect, listStatements, type Statement, statementKey } from './list-reads.ts';

/** The list reads of `dialect` over a runner that records what it is handed and answers no rows. */
function recorded(dialect: Dialect) {
  const seen: Statement[] = [];
  const run = <T>(statement: Statement): T[] => {
    seen.push(statement);
    return [];
  };
  return { reads: createListReads(dialect, run as never), seen };
}

const owner = (words?: string[], changedAfter?: Date) => ({
  ownerId: 'user-owner',
  claimed: false,
  statuses: ['CREATED', 'ACCEPTED'],
  changedAfter,
  words,
});

describe.each(['sqlite', 'postgresql'] as const)('kept list statements (%s)', (dialect) => {
  it('hands the runner the statement its arguments build, the same object each time', () => {
    const { reads, seen } = recorded(dialect);
    const window = { after: { at: new Date('2026-02-01T08:00:00.000Z'), id: 'c1' }, limit: 51 };
    reads.ownerInvitations.page(owner(['fleet']), window);
    reads.ownerInvitations.page(owner(['fleet']), { ...window, after: { ...window.after } });
    const [first, again] = seen;
    expect(again).toBe(first);
    const built = listStatements.ownerInvitations.page(dialect, owner(['fleet']), window);
    expect(first?.sql).toBe(built.sql);
    expect(first?.params).toEqual(built.params);
    expect(statementKey(first as Statement)).toBe(statementKey({ sql: built.sql, params: built.params }));
    expect(Object.isFrozen(first?.params)).toBe(true);
  });

  it('builds another statement when any argument differs', () => {
    const { reads, seen } = recorded(dialect);
    const window = { limit: 51 };
    reads.ownerInvitations.page(owner(), window);
    reads.ownerInvitations.page(owner(['fleet']), window);
    reads.ownerInvitations.page(owner(['second']), window);
    reads.ownerInvitations.page(owner(undefined, new Date('2026-02-01T08:00:00.000Z')), window);
    reads.ownerInvitations.page(owner(undefined, new Date('2026-02-01T08:00:00.001Z')), window);
    reads.ownerInvitations.page(owner(), { limit: 11 });
    reads.ownerInvitations.count(owner());
    reads.sharings.page({ words: ['fleet'] }, window);
    reads.parties('invitation-1');
    reads.parties('invitation-2');
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen.map((statement) => statement.key)).size).toBe(seen.length);
    // Each one as its own arguments build it.
    expect(seen[3]?.params).toEqual(
      listStatements.ownerInvitations.page(
        dialect,
        owner(undefined, new Date('2026-02-01T08:00:00.000Z')),
        window,
      ).params,
    );
    expect(seen[9]?.params).toEqual(listStatements.parties(dialect, 'invitation-2').params);
  });

  it('keys a plain statement by its text and parameters', () => {
    const plain = { sql: 'SELECT 1 WHERE ? = ?', params: ['a', 1] };
    expect(statementKey(plain)).toBe(statementKey({ ...plain, params: ['a', 1] }));
    expect(statementKey(plain)).not.toBe(statementKey({ ...plain, params: ['a', '1'] }));
  });
});
