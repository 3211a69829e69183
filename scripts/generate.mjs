#!/usr/bin/env node
// Generates the TypeScript types of the API contract (openapi.yaml) once, in the contract
// package (@portal/contract) that the web app, the server and the tools import.
//
//   node scripts/generate.mjs           write the generated files
//   node scripts/generate.mjs --check   exit 1 if the file on disk differs from what would be generated
//
// The file is not committed: `npm install` writes it (the contract workspace's postinstall), like the
// Prisma client, so it cannot go stale in the repository and merges never conflict on it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contract = resolve(root, 'openapi.yaml');
const targets = [resolve(root, 'contract/src/schema.ts')];
const header = '// generated from openapi.yaml by scripts/generate.mjs — do not edit\n\n';

const generate = async () => {
  const ast = await openapiTS(pathToFileURL(contract), {
    // A default value fills a missing property on the server; callers may still leave it out.
    defaultNonNullable: false,
  });
  return `${header}${astToString(ast)}`;
};

const readOrNull = async (file) => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return null;
    throw error;
  }
};

const main = async () => {
  const check = process.argv.includes('--check');
  const content = await generate();
  const name = (file) => relative(root, file);

  if (check) {
    const stale = [];
    for (const file of targets) {
      if ((await readOrNull(file)) !== content) stale.push(name(file));
    }
    if (stale.length > 0) {
      console.error(`Generated API types are stale or missing: ${stale.join(', ')}`);
      console.error(
        'openapi.yaml changed without regenerating. Run `npm run generate` (npm install runs it too).',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`Generated API types are up to date: ${targets.map(name).join(', ')}`);
    return;
  }

  for (const file of targets) {
    await mkdir(dirname(file), { recursive: true });
    if ((await readOrNull(file)) === content) continue;
    await writeFile(file, content, 'utf8');
    console.log(`wrote ${name(file)}`);
  }
  console.log('API types generated from openapi.yaml.');
};

main().catch((error) => {
  console.error(`generate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
