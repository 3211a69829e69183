import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The architecture's import rules live in biome.json (overrides per folder). Each case writes a small
// probe file where the rule applies, lints all probes in one Biome run and checks the diagnostics.

const root = path.resolve(import.meta.dirname, '../..');
const tag = `boundary-probe-${process.pid}`;

/** `PROBE` in a file name or source stands for that case's probe name; `partner` is a second file it needs. */
type Case = {
  name: string;
  file: string;
  source: string;
  message: RegExp | null;
  partner?: { file: string; source: string };
};

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
  {
    name: 'the portal core importing the simulator wing',
    file: 'server/src/services/PROBE.ts',
    source: "export { probe } from '../simulator/simulation.ts';\n",
    message: /The portal core never imports the simulator wing/,
  },
  {
    name: 'the portal core importing a simulator type',
    file: 'server/src/routes/PROBE.ts',
    source: "import type { World } from '../simulator/sandbox/world.ts';\nexport type Probe = World;\n",
    message: /The portal core never imports the simulator wing/,
  },
  {
    name: 'the simulator wing importing the portal core',
    file: 'server/src/simulator/PROBE.ts',
    source: "export { probe } from '../services/jobs.ts';\n",
    message: null,
  },
  {
    name: 'app.ts-level code plugging the simulator in',
    file: 'server/src/PROBE.ts',
    source: "export { probe } from './simulator/index.ts';\n",
    // Only app.ts and main.ts are exempt; any other top-level file is core.
    message: /The portal core never imports the simulator wing/,
  },
  {
    name: 'two modules importing each other (a cycle, even through types)',
    file: 'server/src/lib/PROBE.ts',
    source: "import type { B } from './PROBE-partner.ts';\nexport type A = { b?: B };\n",
    message: /This import is part of a cycle/,
    partner: {
      file: 'server/src/lib/PROBE-partner.ts',
      source: "import type { A } from './PROBE.ts';\nexport type B = { a?: A };\n",
    },
  },
];

const probeName = (index: number) => `${tag}-${index}`;
const named = (text: string, index: number) => text.replaceAll('PROBE', probeName(index));
const probePath = (index: number) => named(cases[index]?.file ?? '', index);
const probeFiles = (probe: Case, index: number) =>
  [probe, ...(probe.partner ? [probe.partner] : [])].map((file) => ({
    file: named(file.file, index),
    source: named(file.source, index),
  }));

type Diagnostic = { message: string; location: { path: string } };
let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  const files = cases.flatMap((probe, index) => probeFiles(probe, index));
  for (const { file, source } of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const biome = path.join(root, 'node_modules/.bin/biome');
  // Biome exits non-zero when it finds errors, which is what most cases expect: read its report either way.
  const output = await promisify(execFile)(
    biome,
    ['lint', '--reporter=json', ...files.map(({ file }) => file)],
    { cwd: root },
  ).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
  // Biome builds the module graph for the cycle rule: slow on a loaded machine.
}, 180_000);

afterAll(() => {
  cases.forEach((probe, index) => {
    for (const { file } of probeFiles(probe, index)) rmSync(path.join(root, file), { force: true });
  });
});

describe('import boundaries (biome.json overrides and plugins)', () => {
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
