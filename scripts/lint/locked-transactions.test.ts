import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describeLineRule } from './line-rule.ts';

// A service's transaction that checks and then writes takes a lock named for what it checks first
// (decision 0088): on PostgreSQL two calls at once would otherwise both pass the check. A transaction
// that needs none says why in a comment starting "No lock:" just above it.

const servicesDir = path.resolve(import.meta.dirname, '../../server/src/services');
const OPENS = /\.\$transaction\(\s*async/;
const LOCKS = /\bholdLock\(/;
const EXEMPT = /\/\/ No lock:/;

/** The transactions of `source` that take no lock in their first lines and say nothing, as `line: text`. */
function unlockedTransactions(source: string): string[] {
  const lines = source.split('\n');
  return lines.flatMap((line, index) => {
    if (!OPENS.test(line)) return [];
    const reason = lines.slice(Math.max(0, index - 2), index).some((text) => EXEMPT.test(text));
    const locked = lines.slice(index, index + 3).some((text) => LOCKS.test(text));
    return reason || locked ? [] : [`${index + 1}: ${line.trim()}`];
  });
}

describeLineRule({
  says: 'check-then-write transactions take a lock',
  find: unlockedTransactions,
  probe: {
    shows: 'a transaction without a lock or a reason',
    lines: [
      'await prisma.$transaction(async (tx) => {',
      "  await holdLock(tx, 'registration:user-1');",
      '});',
      '// No lock: each change is claimed by a conditional update.',
      'await prisma.$transaction(async (tx) => {',
      '});',
      'const file = await prisma.$transaction(async (tx) => {',
      '  const found = await tx.agentFile.findFirst({ where: { id } });',
    ],
    found: ['7: const file = await prisma.$transaction(async (tx) => {'],
  },
  covers: {
    atLeast: 10,
    what: 'every service module',
    root: servicesDir,
    files: () =>
      readdirSync(servicesDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
  },
});
