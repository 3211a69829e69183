import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchingLines } from './matching-lines.ts';

// Biome's rule (boundaries.test.ts) sees `prisma.user...` on a variable named prisma, not a model
// reached through an object: `deps.prisma.user.count()`. Routes call services, never the database,
// so no route file reaches a model through `.prisma`; and a route hands its world whole to the
// service (decision 0071), never a part of it (`world.prisma`, `world.reads`, `world.config`, ...).

const routesDir = path.resolve(import.meta.dirname, '../../server/src/routes');
const MODEL_THROUGH_PRISMA = /\.prisma\s*\??\.\s*[A-Za-z_$]/;
const PART_OF_THE_WORLD = /\bworld\s*\??\.\s*(?:prisma|reads|config|clock|wallClock)\b/;

/** The lines of `source` that reach a model through `.prisma` or take a part of the world, as `line: text`. */
function databaseAccessIn(source: string): string[] {
  return matchingLines(source, (line) =>
    MODEL_THROUGH_PRISMA.test(line) || PART_OF_THE_WORLD.test(line) ? line.trim() : undefined,
  );
}

describe('routes never reach the database through .prisma, and hand the world whole', () => {
  it('finds a model reached through an object, not prisma handed to a service', () => {
    const probe = [
      'const count = await deps.prisma.user.count();',
      'const one = app.portal.prisma?.invitation.findFirst();',
      'const { prisma } = deps;',
      'return listSharingEvents(prisma, invitation.id);',
      'return listOwnProducts(world, callerId(user));',
      'return ownProductsAnswer(world.reads, callerOf(user).id);',
      'const filePath = storedFilePath(world.config, file.storedName);',
    ].join('\n');
    expect(databaseAccessIn(probe)).toEqual([
      '1: const count = await deps.prisma.user.count();',
      '2: const one = app.portal.prisma?.invitation.findFirst();',
      '6: return ownProductsAnswer(world.reads, callerOf(user).id);',
      '7: const filePath = storedFilePath(world.config, file.storedName);',
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
