import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ContractDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  security?: unknown[];
  [key: string]: unknown;
}

/** A node of the contract as written: a JSON Schema (OpenAPI 3.1 = JSON Schema 2020-12) or any object. */
export type SchemaNode = Record<string, unknown>;

/** Where the contract lives: openapi.yaml at the repository's root, beside this package. */
export const contractPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

/**
 * Parsed contracts by the SHA-256 of their YAML text, as JSON: parsing the YAML takes about half a
 * second of a server's start, reading the JSON a few milliseconds (issue 23). Beside the
 * repository's other tool caches; a failure to write it only costs the next start the parse again.
 */
export const contractCacheDir = fileURLToPath(
  new URL('../../node_modules/.cache/portal-contract/', import.meta.url),
);

/** The YAML parser, loaded only when a contract is not in the cache yet. */
const parseYaml = (text: string): unknown =>
  (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(text);

/** The contract at `file` (openapi.yaml by default), parsed; a fresh object on every call. */
export function loadContract(file: string = contractPath): ContractDocument {
  const text = readFileSync(file, 'utf8');
  const cached = path.join(contractCacheDir, `${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as ContractDocument;
  } catch {
    // not parsed yet, or the cache is unreadable: parse the YAML
  }
  const document = parseYaml(text) as ContractDocument;
  try {
    mkdirSync(contractCacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, cached);
  } catch {
    // a read-only checkout: parse again next time
  }
  return document;
}

/** One segment of a JSON pointer (`/` and `~` escaped). */
export const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Follows local `$ref`s (`#/components/...`) through the document: the node they lead to and its JSON
 * pointer. A node that is not a reference is itself, at `at`. An unresolvable reference gives `{}`.
 */
export function resolveRefAt(
  document: ContractDocument,
  node: unknown,
  at: string,
): { node: SchemaNode; pointer: string } {
  let current = node as SchemaNode | undefined;
  let pointer = at;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 32; hops++) {
    pointer = current.$ref as string;
    let target: unknown = document;
    for (const raw of pointer.replace(/^#\//, '').split('/')) {
      target = (target as SchemaNode | undefined)?.[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    current = target as SchemaNode | undefined;
  }
  return { node: current ?? {}, pointer };
}

/** Follows local `$ref`s through the document (the one resolver every reader uses). */
export function resolveRef<T = SchemaNode>(document: ContractDocument, node: unknown): T {
  return resolveRefAt(document, node, '').node as T;
}
