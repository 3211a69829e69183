import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Biome's rule (boundaries.test.ts) sees `prisma.user...` on a variable named prisma, not a model
// reached through an object: `deps.prisma.user.count()`. Routes call services, never the database,
// so no route file reaches a model through `.prisma` (handing `prisma` to a service stays fine).

const routesDir = path.resolve(import.meta.dirname, '../../server/src/routes');
const MODEL_THROUGH_PRISMA = /\.prisma\s*\??\.\s*[A-Za-z_$]/;

/** The lines of `source` that reach a model through `.prisma`, as `line: text`. */
function databaseAccessIn(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) => (MODEL_THROUGH_PRISMA.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('routes never reach the database through .prisma', () => {
  it('finds a model reached through an object, not prisma handed to a service', () => {
    const probe = [
      'const count = await deps.prisma.user.count();',
      'const one = app.portal.prisma?.invitation.findFirst();',
      'const { prisma } = deps;',
      'return listSharingEvents(prisma, invitation.id);',
      'return listOwnProducts(deps.prisma, callerId(user));',
    ].join('\n');
    expect(databaseAccessIn(probe)).toEqual([
      '1: const count = await deps.prisma.user.count();',
      '2: const one = app.portal.prisma?.invitation.findFirst();',
    ]);
  });

  it('holds for every route module', () => {
    const modules = readdirSync(routesDir).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(modules.length).toBeGreaterThan(5);
    const found = modules.flatMap((name) =>
      databaseAccessIn(readFileSync(path.join(routesDir, name), 'utf8')).map((line) => `${name}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
