import type { ContractDocument } from '@portal/contract/document';

// The contract read the way the kit needs it: every operation with its parameters resolved, the
// statuses it declares, its error codes, and the request its examples describe.

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  secured: boolean;
  parameters: Parameter[];
  /** Media type → example body (the first one the contract gives) and schema. */
  body?: { required: boolean; mediaType: string; example: unknown; schema?: Record<string, unknown> };
  statuses: string[];
  errorCodes: string[];
}

/** A request to make: path parameters, query, headers and body, in the contract's terms. */
export interface RequestSpec {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** JSON body (serialised by the client) or raw bytes with `headers['content-type']`. */
  body?: unknown;
  raw?: { contentType: string; data: Uint8Array | string };
}

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete'];

export function resolveRef<T>(document: ContractDocument, node: unknown): T {
  let current = node as { $ref?: string } | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    let target: unknown = document;
    for (const segment of current.$ref.replace(/^#\//, '').split('/')) {
      target = (target as Record<string, unknown>)?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    current = target as { $ref?: string };
  }
  return current as T;
}

const firstExample = (node: {
  example?: unknown;
  examples?: Record<string, { value?: unknown }> | unknown[];
}): unknown => {
  if (node.example !== undefined) return node.example;
  if (Array.isArray(node.examples)) return node.examples[0];
  const first = node.examples && Object.values(node.examples)[0];
  return first?.value;
};

/** The value the contract gives as an example of a parameter (or of its schema). */
export function parameterExample(document: ContractDocument, parameter: Parameter): unknown {
  const own = firstExample(
    parameter.examples
      ? {
          examples: Object.fromEntries(
            Object.entries(parameter.examples).map(([k, v]) => [k, resolveRef(document, v)]),
          ),
        }
      : parameter,
  );
  if (own !== undefined) return own;
  const schema = resolveRef<Record<string, unknown> | undefined>(document, parameter.schema);
  if (!schema) return undefined;
  const fromSchema = firstExample(schema as { example?: unknown; examples?: unknown[] });
  if (fromSchema !== undefined) return fromSchema;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return schema.default;
}

export function listOperations(document: ContractDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, itemNode] of Object.entries(document.paths)) {
    const item = itemNode as Record<string, unknown>;
    for (const method of methods) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op?.operationId) continue;
      const parameters = [
        ...((item.parameters as unknown[]) ?? []),
        ...((op.parameters as unknown[]) ?? []),
      ].map((p) => resolveRef<Parameter>(document, p));
      const security = (op.security ?? document.security ?? []) as Record<string, unknown>[];
      const requestBody = resolveRef<
        { required?: boolean; content?: Record<string, Record<string, unknown>> } | undefined
      >(document, op.requestBody);
      const [mediaType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        tag: ((op.tags as string[]) ?? ['other'])[0] ?? 'other',
        secured: security.length > 0 && !security.some((entry) => Object.keys(entry).length === 0),
        parameters,
        body:
          mediaType && media
            ? {
                required: requestBody?.required ?? false,
                mediaType,
                example: firstExample(media as { example?: unknown }),
                schema: resolveRef(document, media.schema),
              }
            : undefined,
        statuses: Object.keys((op.responses as object) ?? {}),
        errorCodes: (op['x-error-codes'] as string[]) ?? [],
      });
    }
  }
  return operations;
}

/** The request the contract's examples describe for an operation. */
export function exampleRequest(document: ContractDocument, operation: Operation): RequestSpec {
  const spec: RequestSpec = { params: {}, query: {}, headers: {} };
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie') continue;
    const value = parameterExample(document, parameter);
    // Optional parameters (paging cursors, filters) stay out: the example is the plain call.
    if (value === undefined || !parameter.required) continue;
    const target =
      parameter.in === 'path' ? spec.params : parameter.in === 'query' ? spec.query : spec.headers;
    target[parameter.name] = String(value);
  }
  if (operation.body?.mediaType === 'application/json' && operation.body.example !== undefined) {
    spec.body = operation.body.example;
  }
  return spec;
}

/** The path with its parameters filled in (each URL-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
}
