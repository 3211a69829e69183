import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The architecture's import rules live in biome.json (overrides per folder). Each case writes a small
// probe file where the rule applies, lints all probes in one Biome run and checks the diagnostics.

const root = path.resolve(import.meta.dirname, '../..');
const tag = `boundary-probe-${process.pid}`;

type Case = { name: string; file: string; source: string; message: RegExp | null };

const cases: Case[] = [
  {
    name: 'domain code importing Fastify',
    file: 'server/src/domain/PROBE.ts',
    source: "import Fastify from 'fastify';\nexport const probe = Fastify;\n",
    message: /server\/src\/domain holds pure business rules: it imports neither Fastify nor Prisma/,
  },
  {
    name: 'domain code importing the Prisma client',
    file: 'server/src/domain/PROBE.ts',
    source: "import type { PortalPrisma } from '../db/client.ts';\nexport type Probe = PortalPrisma;\n",
    message: /imports neither Fastify nor Prisma/,
  },
  {
    name: 'a route querying the database',
    file: 'server/src/routes/PROBE.ts',
    source: 'export const probe = (prisma: { user: { count(): number } }) => prisma.user.count();\n',
    // Biome's JSON report leaves out the rule's note ('Routes call services...'); the terminal shows it.
    message: /Do not access properties on 'prisma'/,
  },
  {
    name: 'a route importing the generated Prisma client',
    file: 'server/src/routes/PROBE.ts',
    source: "import type { User } from '../generated/prisma/client.ts';\nexport type Probe = User;\n",
    message: /Routes call services, never the database/,
  },
  {
    name: "a feature reaching into another feature's internals",
    file: 'web/src/features/products/PROBE.ts',
    source: "export { probe } from '../recipients/api/use-recipients.ts';\n",
    message: /A feature imports another feature only through that feature's index.ts/,
  },
  {
    name: "a nested feature file reaching into another feature's internals",
    file: 'web/src/features/products/components/PROBE.ts',
    source: "export { probe } from '../../recipients/components/card.tsx';\n",
    message: /only through that feature's index.ts/,
  },
  {
    name: "a feature importing another feature's index.ts",
    file: 'web/src/features/products/components/PROBE.ts',
    source: "export { probe } from '../../recipients/index.ts';\n",
    message: null,
  },
  {
    name: 'a feature importing its own files and lib/',
    file: 'web/src/features/products/components/PROBE.ts',
    source: "export { a } from '../api/use-products.ts';\nexport { b } from '../../../lib/format-date.ts';\n",
    message: null,
  },
  {
    name: 'a UI primitive importing a feature',
    file: 'web/src/components/ui/PROBE.ts',
    source: "export { probe } from '../../features/products/index.ts';\n",
    message: /components\/ui holds feature-free primitives/,
  },
  {
    name: 'the web app importing server code',
    file: 'web/src/lib/PROBE.ts',
    source: "export { probe } from '../../../server/src/config.ts';\n",
    message: /The web app never imports server code/,
  },
  {
    name: 'anything importing from outside the repository',
    file: 'scripts/PROBE.ts',
    source: "export { probe } from '/work/shared/notes/anything.ts';\n",
    message: /The repository is self-contained/,
  },
];

const probePath = (index: number) => cases[index]?.file.replace('PROBE', `${tag}-${index}`) ?? '';

type Diagnostic = { message: string; location: { path: string } };
let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  cases.forEach((probe, index) => {
    const file = path.join(root, probePath(index));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, probe.source);
  });
  const files = cases.map((_, index) => probePath(index));
  const biome = path.join(root, 'node_modules/.bin/biome');
  // Biome exits non-zero when it finds errors, which is what most cases expect: read its report either way.
  const output = await promisify(execFile)(biome, ['lint', '--reporter=json', ...files], { cwd: root }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => {
  cases.forEach((_, index) => {
    rmSync(path.join(root, probePath(index)), { force: true });
  });
});

describe('import boundaries (biome.json overrides)', () => {
  cases.forEach((probe, index) => {
    it(`${probe.message ? 'refuses' : 'allows'} ${probe.name}`, () => {
      const found = diagnostics
        .filter((diagnostic) => diagnostic.location.path === probePath(index))
        .map((diagnostic) => diagnostic.message);
      if (probe.message)
        expect(found).toEqual(expect.arrayContaining([expect.stringMatching(probe.message)]));
      else expect(found).toEqual([]);
    });
  });
});
