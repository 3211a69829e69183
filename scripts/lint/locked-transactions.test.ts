import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
    const before = lines.slice(Math.max(0, index - 2), index);
    const start = lines.slice(index, index + 3);
    return before.some((text) => EXEMPT.test(text)) || start.some((text) => LOCKS.test(text))
      ? []
      : [`${index + 1}: ${line.trim()}`];
  });
}

describe('check-then-write transactions take a lock', () => {
  it('finds a transaction without a lock or a reason', () => {
    const probe = [
      'await prisma.$transaction(async (tx) => {',
      "  await holdLock(tx, 'registration:user-1');",
      '});',
      '// No lock: each change is claimed by a conditional update.',
      'await prisma.$transaction(async (tx) => {',
      '});',
      'const file = await prisma.$transaction(async (tx) => {',
      '  const found = await tx.agentFile.findFirst({ where: { id } });',
    ].join('\n');
    expect(unlockedTransactions(probe)).toEqual([
      '7: const file = await prisma.$transaction(async (tx) => {',
    ]);
  });

  it('holds for every service module', () => {
    const modules = readdirSync(servicesDir).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    const found = modules.flatMap((name) =>
      unlockedTransactions(readFileSync(path.join(servicesDir, name), 'utf8')).map(
        (line) => `${name}:${line}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
