import type { ContractOperation, ContractParameter } from '@portal/contract/operations';

// The requests the contract's examples describe, on the operation index of @portal/contract.

export type Operation = ContractOperation;
export type Parameter = ContractParameter;

/** A request to make: path parameters, query, headers and body, in the contract's terms. */
export interface RequestSpec {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** JSON body (serialised by the client) or raw bytes with `headers['content-type']`. */
  body?: unknown;
  raw?: { contentType: string; data: Uint8Array | string };
}

/** The value the contract gives as an example of a parameter (or of its schema). */
export function parameterExample(parameter: Parameter): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const { schema } = parameter;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return schema.default;
}

/** The request the contract's examples describe for an operation. */
export function exampleRequest(operation: Operation): RequestSpec {
  const spec: RequestSpec = { params: {}, query: {}, headers: {} };
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie') continue;
    const value = parameterExample(parameter);
    // Optional parameters (paging cursors, filters) stay out: the example is the plain call.
    if (value === undefined || !parameter.required) continue;
    const target =
      parameter.in === 'path' ? spec.params : parameter.in === 'query' ? spec.query : spec.headers;
    target[parameter.name] = String(value);
  }
  const [first] = Object.values(operation.requestBody?.content ?? {});
  if (first?.type === 'application/json' && first.example !== undefined) spec.body = first.example;
  return spec;
}

/** The path with its parameters filled in (each URL-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
}
