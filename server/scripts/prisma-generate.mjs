// Generates the Prisma clients from the schemas: server/src/generated/prisma (SQLite, from
// prisma/schema.prisma) and server/src/generated/prisma-pg (PostgreSQL, from
// prisma/postgresql/schema.prisma, itself generated from the SQLite one: postgres-schema.mjs).
// Works offline: Prisma 7's CLI tries to download a native schema engine at start,
// which `generate` never uses (the generator is WebAssembly). Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
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
for (const schemaPath of [SQLITE_SCHEMA_PATH, POSTGRES_SCHEMA_PATH]) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}
