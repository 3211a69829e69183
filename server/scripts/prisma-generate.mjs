// Generates the Prisma client (server/src/generated/prisma) from prisma/schema.prisma.
// Works offline: Prisma 7's CLI tries to download a native schema engine at start,
// which `generate` never uses (the generator is WebAssembly). Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const schemaPath = resolve(serverDir, '../prisma/schema.prisma');
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

const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
  cwd: serverDir,
  env,
  stdio: 'inherit',
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
