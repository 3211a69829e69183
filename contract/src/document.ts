import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  secured: boolean;
}

export interface ContractDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  security?: unknown[];
  [key: string]: unknown;
}

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/** Where the contract lives: openapi.yaml at the repository's root, beside this package. */
export const contractPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

export function loadContract(file: string = contractPath): ContractDocument {
  return parse(readFileSync(file, 'utf8')) as ContractDocument;
}

/** operationId → where it lives and whether the contract asks for a signed-in caller. */
export function operationIndex(document: ContractDocument): Map<string, ContractOperation> {
  const index = new Map<string, ContractOperation>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method] as { operationId?: string; security?: unknown[] } | undefined;
      if (!operation?.operationId) continue;
      const security = operation.security ?? document.security ?? [];
      const secured =
        security.length > 0 && !security.some((entry) => Object.keys(entry as object).length === 0);
      index.set(operation.operationId, { operationId: operation.operationId, method, path, secured });
    }
  }
  return index;
}
