// npm run pack: writes the installable packages to dist/packages/ (decision 0051).
//
//   data-act-portal             the reference server with the built web app; command `data-act-portal`
//   portal-conformance          the conformance kit; command `portal-conformance`
//   data-act-portal-contract    openapi.yaml, its generated types and the contract's helpers
//
// Each package is JavaScript built by tsdown (Rolldown) with type declarations; the workspace code it
// needs (`@portal/*`) is bundled in, every other import stays a dependency declared in its manifest.
// Inside a package the files a module reads keep the place they have in the repository (openapi.yaml,
// web/dist, prisma/migrations at the package's root), and each bundled module's `import.meta.url` is
// the URL it had in the repository, so every path a module resolves from its own location holds.
//
// Needs `npm run build` first for the server's web app (`npm run pack` does both). Proof that the
// packages work where they are installed: installed.test.ts (`npm run test:packages`).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from '@portal/contract/document';
import { mockOperations } from '@portal/contract/mock-operations';
import { indexOperations } from '@portal/contract/operations';
import { build, type InlineConfig } from 'tsdown';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const packagesDir = join(root, 'dist/packages');
const stageRoot = join(packagesDir, 'stage');

interface Manifest {
  name: string;
  version: string;
  description?: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: Record<string, string>;
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));

/** What one package holds. */
interface PackageSpec {
  name: string;
  /** The workspace it is built from (its exports become the package's); README: docs/packages/<name>.md. */
  workspace: string;
  description: string;
  /** Entry name → source file, in addition to the workspace's own exports. */
  entries?: Record<string, string>;
  /** Command → the entry and export it runs with `process.argv.slice(2)`. */
  bins?: Record<string, { entry: string; call: string; exitCode?: boolean }>;
  /** Workspaces whose dependencies the bundled code brings along. */
  bundles: string[];
  /** Files and folders copied from the repository to the same place in the package. */
  files: string[];
  /** npm packages bundled in rather than installed (see decision 0051). */
  inline?: string[];
  keywords: string[];
}

/** Installed by the workspace for building or for `npm start`, never needed by a package at run time. */
const buildOnly = new Set(['prisma', 'tsx', '@prisma/adapter-better-sqlite3']);

export const packages: PackageSpec[] = [
  {
    name: 'data-act-portal',
    workspace: 'server',
    description:
      'The Data Act Portal reference server: the web app and the contract API on one port, on SQLite or PostgreSQL, with the simulator',
    entries: { cli: 'server/src/cli.ts' },
    bins: { 'data-act-portal': { entry: 'cli', call: 'runCommandLine' } },
    bundles: ['server', 'contract'],
    // Both engines' migrations: DATABASE_URL=postgresql://… runs the package in team mode too.
    // The Prisma clients' query compilers, written as files by server/scripts/prisma-generate.mjs
    // (decision 0089), read from where they stand in the repository.
    files: [
      'openapi.yaml',
      'web/dist',
      'prisma/migrations',
      'prisma/postgresql/migrations',
      'server/src/generated/prisma/internal/query_compiler.wasm',
      'server/src/generated/prisma-pg/internal/query_compiler.wasm',
    ],
    // Prisma's SQLite adapter asks for better-sqlite3 ^12, which aborts in Node 24 workers (decision
    // 0037): bundled, its `better-sqlite3` import is this package's own ^13.
    // Prisma's client runtime is bundled too: the package would otherwise install @prisma/client, 72 MB
    // of engines for every database, for the few hundred kilobytes SQLite needs.
    inline: ['@prisma/adapter-better-sqlite3', '@prisma/client'],
    keywords: ['data-act', 'mock-server', 'openapi', 'reference-server'],
  },
  {
    name: 'portal-conformance',
    workspace: 'conformance',
    description: 'Scores any back end that claims the Data Act Portal contract, operation by operation',
    bins: { 'portal-conformance': { entry: 'cli', call: 'main', exitCode: true } },
    bundles: ['conformance', 'contract'],
    files: ['openapi.yaml'],
    keywords: ['data-act', 'openapi', 'conformance', 'contract-testing'],
  },
  {
    name: 'data-act-portal-contract',
    workspace: 'contract',
    description:
      'The Data Act Portal contract: openapi.yaml, its TypeScript types, validators and test helpers',
    bundles: ['contract'],
    files: ['openapi.yaml'],
    keywords: ['data-act', 'openapi', 'types'],
  },
];

/**
 * Rolldown plugin: a bundled repository module keeps the `import.meta.url` it had in the repository,
 * rebased on the package's root (chunks are written to `<package>/dist/`).
 */
function repositoryLocations() {
  return {
    name: 'portal:repository-locations',
    transform(code: string, id: string) {
      if (!id.startsWith(`${root}/`) || id.includes('/node_modules/') || /\.d\.[mc]?ts$/.test(id)) return;
      if (!code.includes('import.meta.url')) return;
      const where = JSON.stringify(`../${relative(root, id)}`);
      return {
        code: code.replaceAll('import.meta.url', `new URL(${where}, import.meta.url).href`),
        map: null,
      };
    },
  };
}

/**
 * Modules of the repository that a package holds as data computed when it is packed: the contract's
 * mock data (contract/src/contract-mocks.ts), so the MSW handlers read no file and import nothing of
 * Node (they run in a browser too).
 */
const packedAsData: Record<string, () => string> = {
  'contract/src/contract-mocks.ts': () =>
    `// written by npm run pack from openapi.yaml\nexport const contractMocks = ${JSON.stringify(
      mockOperations(indexOperations(loadContract())),
    )};\n`,
};

/** Rolldown plugin: the modules of `packedAsData`, loaded as their data. */
function dataModules() {
  return {
    name: 'portal:data-modules',
    load(id: string) {
      const data = packedAsData[relative(root, id)];
      return data ? { code: data(), moduleType: 'js' as const } : undefined;
    },
  };
}

function entriesOf(spec: PackageSpec): Record<string, string> {
  const own = readManifest(spec.workspace).exports ?? {};
  const entries: Record<string, string> = { ...spec.entries };
  for (const [subpath, file] of Object.entries(own)) {
    entries[subpath === '.' ? 'index' : subpath.replace(/^\.\//, '')] = join(spec.workspace, file);
  }
  return entries;
}

function dependenciesOf(spec: PackageSpec): Record<string, string> {
  const dependencies: Record<string, string> = {};
  for (const workspace of spec.bundles) {
    for (const [name, range] of Object.entries(readManifest(workspace).dependencies ?? {})) {
      if (name.startsWith('@portal/') || buildOnly.has(name)) continue;
      dependencies[name] = range;
    }
  }
  for (const name of spec.inline ?? []) {
    // The inlined package's own dependencies, except the ones this package pins itself.
    const manifest = JSON.parse(
      readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ) as Manifest;
    for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) dependencies[dep] ??= range;
  }
  for (const name of spec.inline ?? []) delete dependencies[name];
  return Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
}

function manifestOf(
  spec: PackageSpec,
  entries: Record<string, string>,
  dependencies: Record<string, string>,
) {
  const rootManifest = readManifest('.');
  const own = readManifest(spec.workspace);
  const exports: Record<string, { types: string; default: string }> = {};
  for (const name of Object.keys(entries)) {
    exports[name === 'index' ? '.' : `./${name}`] = {
      types: `./dist/${name}.d.mts`,
      default: `./dist/${name}.mjs`,
    };
  }
  exports['./package.json'] = { types: './package.json', default: './package.json' };
  return {
    name: spec.name,
    version: rootManifest.version,
    description: spec.description,
    keywords: spec.keywords,
    license: 'SEE LICENSE IN LICENSE',
    type: 'module',
    engines: rootManifest.engines,
    ...(spec.bins
      ? { bin: Object.fromEntries(Object.keys(spec.bins).map((command) => [command, `bin/${command}.mjs`])) }
      : {}),
    exports,
    files: ['dist', 'types', 'bin', ...spec.files],
    dependencies,
    ...(own.peerDependencies ? { peerDependencies: own.peerDependencies } : {}),
    ...(own.peerDependenciesMeta ? { peerDependenciesMeta: own.peerDependenciesMeta } : {}),
  };
}

/** `./x.ts` → `./x.js`, `@portal/contract/document` → the relative path of its declarations. */
function rewriteSpecifiers(file: string, text: string, stage: string): string {
  const typesRoot = join(stage, 'types');
  return text.replace(
    /(from |import\()(['"])([^'"]+)\2/g,
    (whole, keyword: string, quote: string, specifier: string) => {
      let target: string | null = null;
      if (/^\.\.?\//.test(specifier) && specifier.endsWith('.ts')) target = specifier.replace(/\.ts$/, '.js');
      const workspace = /^@portal\/([^/]+)\/(.+)$/.exec(specifier);
      if (workspace) {
        const [, name, subpath] = workspace as unknown as [string, string, string];
        const source = readManifest(name).exports?.[`./${subpath}`];
        if (!source) throw new Error(`${specifier} is not exported by the ${name} workspace`);
        const declared = join(typesRoot, name, source).replace(/\.ts$/, '.js');
        target = relative(dirname(file), declared);
        if (!target.startsWith('.')) target = `./${target}`;
      }
      return target === null ? whole : `${keyword}${quote}${target}${quote}`;
    },
  );
}

/**
 * Type declarations of the package: tsc emits them for every bundled workspace into `types/` (the
 * repository's layout), imports are rewritten to point at them, and each entry's `dist/<entry>.d.mts`
 * re-exports its module's declarations.
 */
function emitDeclarations(stage: string, tsconfig: string, entries: Record<string, string>): void {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', tsconfig], { cwd: root, stdio: 'inherit' });
  const typesRoot = join(stage, 'types');
  for (const file of readdirSync(typesRoot, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue;
    const path = join(typesRoot, file);
    writeFileSync(path, rewriteSpecifiers(path, readFileSync(path, 'utf8'), stage));
  }
  for (const [name, source] of Object.entries(entries)) {
    const declared = `../types/${source.replace(/\.ts$/, '.js')}`;
    writeFileSync(join(stage, 'dist', `${name}.d.mts`), `export * from '${declared}';\n`);
  }
}

async function buildPackage(spec: PackageSpec): Promise<string> {
  const stage = join(stageRoot, spec.name);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stageRoot, { recursive: true });
  mkdirSync(stage, { recursive: true });
  const entries = entriesOf(spec);
  const dependencies = dependenciesOf(spec);
  const peers = Object.keys(readManifest(spec.workspace).peerDependencies ?? {});
  const literal = (name: string) => name.replace(/[/.]/g, '\\$&');
  const inline = [/^@portal\//, ...(spec.inline ?? []).map((name) => new RegExp(`^${literal(name)}(/|$)`))];
  // Declarations come from one TypeScript program over every workspace the package bundles.
  const tsconfig = join(stageRoot, `${spec.name}.tsconfig.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        types: ['node'],
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: root,
        outDir: join(stage, 'types'),
      },
      include: spec.bundles.map((workspace) => join(root, workspace, 'src')),
      exclude: [join(root, '**/*.test.ts')],
    }),
  );
  const options: InlineConfig = {
    config: false,
    cwd: root,
    entry: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(root, file)])),
    outDir: join(stage, 'dist'),
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    fixedExtension: true,
    tsconfig,
    // Declarations: emitDeclarations below (one tsc program; rolldown-plugin-dts lost the interfaces of
    // bundled workspace modules).
    dts: false,
    deps: {
      neverBundle: true,
      alwaysBundle: inline,
      // Fails the build when the output imports a package the manifest does not declare.
      onlyImport: [...Object.keys(dependencies), ...peers],
    },
    plugins: [dataModules(), repositoryLocations()],
    inputOptions: { checks: { pluginTimings: false } },
    clean: true,
    logLevel: 'warn',
  };
  await build(options);
  emitDeclarations(stage, tsconfig, entries);
  for (const [command, bin] of Object.entries(spec.bins ?? {})) {
    mkdirSync(join(stage, 'bin'), { recursive: true });
    const run = bin.exitCode
      ? `process.exitCode = await ${bin.call}(process.argv.slice(2));`
      : `await ${bin.call}(process.argv.slice(2));`;
    writeFileSync(
      join(stage, 'bin', `${command}.mjs`),
      `#!/usr/bin/env node\nimport { ${bin.call} } from '../dist/${bin.entry}.mjs';\n\n${run}\n`,
      { mode: 0o755 },
    );
  }
  for (const file of spec.files) {
    const from = join(root, file);
    if (!existsSync(from)) throw new Error(`${file} is missing: run "npm run build" first`);
    // Source maps stay in the repository: they would double the web app's share of the download.
    cpSync(from, join(stage, file), { recursive: true, filter: (source) => !source.endsWith('.map') });
  }
  cpSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
  cpSync(join(root, 'docs/packages', `${spec.name}.md`), join(stage, 'README.md'));
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify(manifestOf(spec, entries, dependencies), null, 2)}\n`,
  );
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', packagesDir], {
    cwd: stage,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  return join(packagesDir, filename);
}

/** Builds and packs every package; answers the tarballs' paths. */
export async function packAll(): Promise<string[]> {
  mkdirSync(packagesDir, { recursive: true });
  const tarballs: string[] = [];
  const only = process.env.PACK_ONLY?.split(',');
  for (const spec of packages) if (!only || only.includes(spec.name)) tarballs.push(await buildPackage(spec));
  rmSync(stageRoot, { recursive: true, force: true });
  return tarballs;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const tarball of await packAll()) console.log(relative(process.cwd(), tarball));
}
