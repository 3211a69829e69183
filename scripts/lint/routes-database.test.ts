import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describeLineRule, matchingLines } from './line-rule.ts';

// Biome's rule (boundaries.test.ts) sees `prisma.user...` on a variable named prisma, not a model
// reached through an object: `deps.prisma.user.count()`. Routes call services, never the database,
// so no route file reaches a model through `.prisma`; and a route hands its world whole to the
// service (decision 0071), never a part of it (`world.prisma`, `world.reads`, `world.config`, ...).

const routesDir = path.resolve(import.meta.dirname, '../../server/src/routes');
const MODEL_THROUGH_PRISMA = /\.prisma\s*\??\.\s*[A-Za-z_$]/;
const PART_OF_THE_WORLD = /\bworld\s*\??\.\s*(?:prisma|reads|config|clock|wallClock)\b/;

describeLineRule({
  says: 'routes never reach the database through .prisma, and hand the world whole',
  find: (source) =>
    matchingLines(source, (line) =>
      MODEL_THROUGH_PRISMA.test(line) || PART_OF_THE_WORLD.test(line) ? line.trim() : undefined,
    ),
  probe: {
    shows: 'a model reached through an object, not prisma handed to a service',
    lines: [
      'const count = await deps.prisma.user.count();',
      'const one = app.portal.prisma?.invitation.findFirst();',
      'const { prisma } = deps;',
      'return listSharingEvents(prisma, invitation.id);',
      'return listOwnProducts(world, callerId(user));',
      'return ownProductsAnswer(world.reads, callerOf(user).id);',
      'const filePath = storedFilePath(world.config, file.storedName);',
    ],
    found: [
      '1: const count = await deps.prisma.user.count();',
      '2: const one = app.portal.prisma?.invitation.findFirst();',
      '6: return ownProductsAnswer(world.reads, callerOf(user).id);',
      '7: const filePath = storedFilePath(world.config, file.storedName);',
    ],
  },
  covers: {
    atLeast: 5,
    what: 'every route module',
    root: routesDir,
    files: () => readdirSync(routesDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
  },
});
