// Generates the Prisma clients from the schemas: server/src/generated/prisma (SQLite, from
// prisma/schema.prisma) and server/src/generated/prisma-pg (PostgreSQL, from
// prisma/postgresql/schema.prisma, itself generated from the SQLite one: postgres-schema.mjs).
// Works offline: Prisma 7's CLI tries to download a native schema engine at start,
// which `generate` never uses (the generator is WebAssembly). Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download.
//
// The generated client loads its query compiler (WebAssembly) from a 4.4 MB JavaScript module holding
// it in base64: parsing that module took about 0.3 s of CPU on every server start (issue 23). After
// generating, the compiler is written beside the client as a .wasm file, decoded once, and the client
// reads that file instead (about 0.05 s).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POSTGRES_SCHEMA_PATH, SQLITE_SCHEMA_PATH, writePostgresSchema } from './postgres-schema.mjs';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(serverDir, 'package.json'));
const prismaCli = require.resolve('prisma/build/index.js');

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const dummy = join(tmpdir(), 'prisma-schema-engine-unused');
  if (!existsSync(dummy)) writeFileSync(dummy, '');
  env.PRISMA_SCHEMA_ENGINE_BINARY = dummy;
}
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
env.CHECKPOINT_DISABLE = '1';

if (writePostgresSchema()) console.log('Wrote prisma/postgresql/schema.prisma from prisma/schema.prisma');
/** The module the generated client reads its query compiler from, and what replaces it. */
const BASE64_LOADER =
  /getQueryCompilerWasmModule: async \(\) => \{\s*const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_[a-z_]+\.[a-z]+\.wasm-base64\.mjs)"\)\s*return await decodeBase64AsWasm\(wasm\)\s*\},/;
const WASM_FILE = 'query_compiler.wasm';
const fileLoader = `getQueryCompilerWasmModule: ((compiling) => {
    // Marked as handled here: the client's first query still gets the failure.
    compiling.catch(() => undefined)
    return () => compiling
  })(
    // Written by server/scripts/prisma-generate.mjs from the base64 module Prisma generates (issue 23),
    // and compiled off the main thread from the moment the client is imported, while the server goes on
    // loading its modules (decision 0100).
    import('node:fs/promises')
      .then(({ readFile }) => readFile(new URL('./${WASM_FILE}', import.meta.url)))
      .then((bytes) => WebAssembly.compile(bytes)),
  ),`;

/** Writes the client's query compiler as a .wasm file beside `internal/class.ts` and loads it from there. */
async function queryCompilerFromFile(clientDir) {
  const classPath = join(clientDir, 'internal', 'class.ts');
  const source = readFileSync(classPath, 'utf8');
  const found = source.match(BASE64_LOADER);
  if (!found) {
    throw new Error(
      `${classPath}: the query compiler loader changed (a Prisma upgrade?); update ${import.meta.url}`,
    );
  }
  const { wasm } = await import(require.resolve(found[1]));
  writeFileSync(join(clientDir, 'internal', WASM_FILE), Buffer.from(wasm, 'base64'));
  writeFileSync(classPath, source.replace(BASE64_LOADER, fileLoader));
}

const CLIENT_DIRS = {
  [SQLITE_SCHEMA_PATH]: join(serverDir, 'src', 'generated', 'prisma'),
  [POSTGRES_SCHEMA_PATH]: join(serverDir, 'src', 'generated', 'prisma-pg'),
};

for (const schemaPath of [SQLITE_SCHEMA_PATH, POSTGRES_SCHEMA_PATH]) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
  await queryCompilerFromFile(CLIENT_DIRS[schemaPath]);
}

// Every Prisma client decodes the schema's parameter graph (`parameterizationSchema`, about 40 kB of
// base64) into its own objects when it is made: about 2 MB of heap per client, the same for every client
// of one generated schema. Team mode makes a client per sandbox an instance serves, so 300 sandboxes held
// some 600 MB of identical graphs (decision 0132). The runtime is patched to decode a schema's graph once
// and share it: the graph is only read (a lookup of nodes and edges), and the enum lookup beside it reads
// the same generated data model. A runtime whose constructor no longer matches fails the install here.
const DECODE_GRAPH =
  /this\.#s=(\w+)\.deserialize\(t\.parameterizationSchema,(n=>\{if\(!Object\.hasOwn\(t\.runtimeDataModel\.enums,n\)\)return;let i=\{\};for\(let o of t\.runtimeDataModel\.enums\[n\]\.values\)i\[o\.name\]=o\.dbName\?\?o\.name;return i\})\)/;
const SHARED_GRAPH = 'portalSharedParameterGraph';

function shareParameterGraph() {
  for (const file of ['client.js', 'client.mjs']) {
    const path = join(dirname(require.resolve('@prisma/client/package.json')), 'runtime', file);
    const source = readFileSync(path, 'utf8');
    if (source.includes(SHARED_GRAPH)) continue;
    if (!DECODE_GRAPH.test(source))
      throw new Error(
        `${path}: the parameter graph's decoding changed (a Prisma upgrade?); update ${import.meta.url}`,
      );
    writeFileSync(
      path,
      source.replace(
        DECODE_GRAPH,
        (_, graphClass, enums) =>
          `this.#s=(t.parameterizationSchema.${SHARED_GRAPH}??=${graphClass}.deserialize(t.parameterizationSchema,${enums}))`,
      ),
    );
  }
}

shareParameterGraph();
