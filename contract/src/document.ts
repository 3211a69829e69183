import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

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

export function loadContract(file: string = contractPath): ContractDocument {
  return parse(readFileSync(file, 'utf8')) as ContractDocument;
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
