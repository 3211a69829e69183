// The PostgreSQL schema is generated from the SQLite one (prisma/schema.prisma, the one schema source):
// Prisma 7 takes one datasource provider per schema file, so each engine needs its own file, migration
// folder and generated client (decision 0048). Only the provider and the client's output folder differ;
// `server/src/db/schemas.test.ts` fails when the committed file is not what this function makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SQLITE_SCHEMA_PATH = resolve(repoRoot, 'prisma/schema.prisma');
export const POSTGRES_SCHEMA_PATH = resolve(repoRoot, 'prisma/postgresql/schema.prisma');

const HEADER = `// GENERATED from ../schema.prisma by server/scripts/postgres-schema.mjs: do not edit.
// Edit prisma/schema.prisma, then run \`npm run db:migration -- <name>\` (writes this file and a
// migration for each engine). See docs/decisions/0048-postgresql-schema-and-migrations.md.
`;

function replaceOnce(text, pattern, replacement, what) {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches?.length !== 1) throw new Error(`prisma/schema.prisma: expected exactly one ${what}`);
  return text.replace(pattern, replacement);
}

/** The PostgreSQL schema text for a SQLite schema text. */
export function postgresSchema(sqliteSchema) {
  let text = replaceOnce(
    sqliteSchema,
    /(datasource db \{\s*provider\s*=\s*)"sqlite"/,
    '$1"postgresql"',
    'datasource with provider "sqlite"',
  );
  text = replaceOnce(
    text,
    /(output\s*=\s*)"\.\.\/server\/src\/generated\/prisma"/,
    '$1"../../server/src/generated/prisma-pg"',
    'generator output "../server/src/generated/prisma"',
  );
  text = text.replace(
    /^\/\/ Data Act Portal: database schema \(SQLite\)\./m,
    '// Data Act Portal: database schema (PostgreSQL).',
  );
  return HEADER + text;
}

/** Writes prisma/postgresql/schema.prisma from prisma/schema.prisma; answers whether it changed. */
export function writePostgresSchema() {
  const wanted = postgresSchema(readFileSync(SQLITE_SCHEMA_PATH, 'utf8'));
  let current = null;
  try {
    current = readFileSync(POSTGRES_SCHEMA_PATH, 'utf8');
  } catch {}
  if (current === wanted) return false;
  writeFileSync(POSTGRES_SCHEMA_PATH, wanted);
  return true;
}
