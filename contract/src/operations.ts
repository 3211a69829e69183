/**
 * The contract's operations, read once: every operation of `openapi.yaml` with its `$ref`s followed
 * (parameters merged from the path item, request body, responses, headers, named examples), so no
 * reader walks `paths` or resolves references on its own.
 *
 * ```ts
 * const index = indexOperations(loadContract());
 * const operation = index.get('listProducts');   // method, path, parameters, responses, security...
 * for (const each of index.operations) ...       // in the contract's order
 * ```
 * Schemas stay as written (resolved at their top only: a schema may refer to itself); each carries
 * the JSON pointer of where it is written, so Ajv can compile `{ $ref: 'contract' + pointer }`.
 * The index of a document is built once and shared by every reader of that document.
 */
import { type ContractDocument, pointerSegment, resolveRefAt, type SchemaNode } from './document.ts';

export const httpMethods = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'] as const;
export type HttpMethod = Uppercase<(typeof httpMethods)[number]>;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  /** The parameter's schema, resolved at its top. */
  schema: SchemaNode;
  /** Where the schema is written (`#/components/parameters/Id/schema`). */
  schemaPointer: string;
  /** The `$ref` the schema is written as (`#/components/schemas/Id`), when it is one. */
  schemaRef?: string;
  /** The name of the shared parameter it refers to (`components.parameters`), when it does. */
  ref?: string;
  /** The parameter's own example (`example`, or the first of `examples`). */
  example?: unknown;
  /** The parameter object as written (resolved), for extensions such as `x-default`. */
  raw: SchemaNode;
}

export interface ContractMedia {
  type: string;
  schema?: SchemaNode;
  schemaPointer?: string;
  /** `example`, or the first of `examples`. */
  example?: unknown;
  /** Every example by name (`example` alone is named `default`), references followed. */
  examples: Record<string, unknown>;
}

export interface ContractHeader {
  name: string;
  required: boolean;
  description?: string;
  schema?: SchemaNode;
  example?: unknown;
}

export interface ContractResponse {
  status: string;
  description: string;
  /** The name of the shared response it refers to (`components.responses`), when it does. */
  ref?: string;
  headers: ContractHeader[];
  /** Media type → schema and examples; empty when the answer has no body. */
  content: Record<string, ContractMedia>;
}

export interface ContractRequestBody {
  required: boolean;
  content: Record<string, ContractMedia>;
}

export interface ContractOperation {
  /** The declared `operationId`, or `METHOD path` for an operation without one. */
  operationId: string;
  method: HttpMethod;
  path: string;
  /** JSON pointer of the operation object, e.g. `#/paths/~1api~1v1~1products/get`. */
  pointer: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** Security requirements in force (the operation's own, else the document's). */
  security: Array<Record<string, string[]>>;
  /** Whether a signed-in caller is required (no empty requirement among them). */
  secured: boolean;
  /** The path item's parameters and the operation's own (which win by `in` and `name`). */
  parameters: ContractParameter[];
  requestBody?: ContractRequestBody;
  /** Status (`200`, `4XX`, `default`) → the response. */
  responses: Record<string, ContractResponse>;
  /** The declared statuses, in the contract's order. */
  statuses: string[];
  /** `x-error-codes`: the error codes the operation may answer (null when it does not say). */
  errorCodes: string[] | null;
  /** The operation object as written, for extensions. */
  raw: SchemaNode;
}

export interface OperationIndex {
  document: ContractDocument;
  /** Every operation, in the contract's order. */
  operations: readonly ContractOperation[];
  /** The operation of this id, or undefined. */
  get(operationId: string): ContractOperation | undefined;
  has(operationId: string): boolean;
  /** The response the contract gives for this status: exact, then `4XX`, then `default`. */
  response(operationId: string, status: number): ContractResponse | undefined;
  /** The operations carrying this tag. */
  tagged(tag: string): ContractOperation[];
  /**
   * `x-unmatched` (document root): what a request that reaches no operation may be answered, read like
   * an operation's responses; absent when the contract does not say.
   */
  unmatched?: Pick<ContractOperation, 'responses' | 'statuses' | 'errorCodes'>;
  /** The response `x-unmatched` gives for this status (exact, `4XX`, `default`). */
  unmatchedResponse(status: number): ContractResponse | undefined;
}

/** The response of `responses` for this status: exact, then `4XX`, then `default`. */
const responseFor = (responses: Record<string, ContractResponse> | undefined, status: number) =>
  responses
    ? (responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default)
    : undefined;

function readUnmatched(document: ContractDocument): OperationIndex['unmatched'] {
  const raw = document['x-unmatched'];
  if (!raw || typeof raw !== 'object') return undefined;
  const node = raw as SchemaNode;
  const responses = Object.fromEntries(
    Object.entries(asRecord(node.responses)).map(([status, response]) => [
      status,
      readResponse(document, status, response, `#/x-unmatched/responses/${pointerSegment(status)}`),
    ]),
  );
  const codes = node['x-error-codes'];
  return {
    responses,
    statuses: Object.keys(responses),
    errorCodes: Array.isArray(codes) ? (codes as string[]) : null,
  };
}

const asRecord = (value: unknown): SchemaNode =>
  value && typeof value === 'object' ? (value as SchemaNode) : {};
const refName = (node: unknown) => {
  const ref = asRecord(node).$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
};

function readExamples(document: ContractDocument, node: SchemaNode): Record<string, unknown> {
  const examples: Record<string, unknown> = {};
  if (node.example !== undefined) examples.default = node.example;
  if (Array.isArray(node.examples)) {
    for (const [index, value] of node.examples.entries()) examples[String(index)] = value;
  } else {
    for (const [name, entry] of Object.entries(asRecord(node.examples)))
      examples[name] = asRecord(resolveRefAt(document, entry, '').node).value;
  }
  return examples;
}

function readMedia(document: ContractDocument, type: string, raw: unknown, at: string): ContractMedia {
  const media = resolveRefAt(document, raw, at);
  const examples = readExamples(document, media.node);
  const schemaAt = `${media.pointer}/schema`;
  return {
    type,
    ...(media.node.schema !== undefined
      ? { schema: resolveRefAt(document, media.node.schema, schemaAt).node, schemaPointer: schemaAt }
      : {}),
    example: Object.values(examples)[0],
    examples,
  };
}

const readContent = (document: ContractDocument, node: SchemaNode, at: string) =>
  Object.fromEntries(
    Object.entries(asRecord(node.content)).map(([type, media]) => [
      type,
      readMedia(document, type, media, `${at}/content/${pointerSegment(type)}`),
    ]),
  );

function readParameter(document: ContractDocument, raw: unknown, at: string): ContractParameter {
  const { node, pointer } = resolveRefAt(document, raw, at);
  const examples = readExamples(document, node);
  const schemaPointer = `${pointer}/schema`;
  return {
    name: String(node.name),
    in: node.in as ContractParameter['in'],
    required: node.required === true,
    ...(typeof node.description === 'string' ? { description: node.description } : {}),
    schema: resolveRefAt(document, node.schema ?? {}, schemaPointer).node,
    schemaPointer,
    ...(typeof asRecord(node.schema).$ref === 'string'
      ? { schemaRef: asRecord(node.schema).$ref as string }
      : {}),
    ...(refName(raw) ? { ref: refName(raw) } : {}),
    example: Object.values(examples)[0],
    raw: node,
  };
}

function readResponse(document: ContractDocument, status: string, raw: unknown, at: string) {
  const { node, pointer } = resolveRefAt(document, raw, at);
  const headers = Object.entries(asRecord(node.headers)).map(([name, header]): ContractHeader => {
    const resolved = resolveRefAt(document, header, `${pointer}/headers/${pointerSegment(name)}`);
    return {
      name,
      required: resolved.node.required === true,
      ...(typeof resolved.node.description === 'string' ? { description: resolved.node.description } : {}),
      ...(resolved.node.schema !== undefined
        ? { schema: resolveRefAt(document, resolved.node.schema, '').node }
        : {}),
      example: Object.values(readExamples(document, resolved.node))[0],
    };
  });
  const response: ContractResponse = {
    status,
    description: String(node.description ?? ''),
    ...(refName(raw) ? { ref: refName(raw) } : {}),
    headers,
    content: readContent(document, node, pointer),
  };
  return response;
}

function isSecured(security: Array<Record<string, string[]>>) {
  return security.length > 0 && !security.some((entry) => Object.keys(entry).length === 0);
}

function readOperation(
  document: ContractDocument,
  path: string,
  item: SchemaNode,
  itemPointer: string,
  method: (typeof httpMethods)[number],
): ContractOperation {
  const raw = asRecord(item[method]);
  const pointer = `${itemPointer}/${method}`;
  const shared = ((item.parameters ?? []) as unknown[]).map((p, i) =>
    readParameter(document, p, `${itemPointer}/parameters/${i}`),
  );
  const own = ((raw.parameters ?? []) as unknown[]).map((p, i) =>
    readParameter(document, p, `${pointer}/parameters/${i}`),
  );
  const ownKeys = new Set(own.map((p) => `${p.in}:${p.name}`));
  const security = (raw.security ?? document.security ?? []) as Array<Record<string, string[]>>;
  const body = raw.requestBody
    ? resolveRefAt(document, raw.requestBody, `${pointer}/requestBody`)
    : undefined;
  const responses = Object.fromEntries(
    Object.entries(asRecord(raw.responses)).map(([status, response]) => [
      status,
      readResponse(document, status, response, `${pointer}/responses/${pointerSegment(status)}`),
    ]),
  );
  const codes = raw['x-error-codes'];
  return {
    operationId: typeof raw.operationId === 'string' ? raw.operationId : `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase() as HttpMethod,
    path,
    pointer,
    ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    tags: Array.isArray(raw.tags) ? (raw.tags as string[]) : [],
    security,
    secured: isSecured(security),
    parameters: [...shared.filter((p) => !ownKeys.has(`${p.in}:${p.name}`)), ...own],
    ...(body
      ? {
          requestBody: {
            required: body.node.required === true,
            content: readContent(document, body.node, body.pointer),
          },
        }
      : {}),
    responses,
    statuses: Object.keys(responses),
    errorCodes: Array.isArray(codes) ? (codes as string[]) : null,
    raw,
  };
}

const built = new WeakMap<ContractDocument, OperationIndex>();

/** The index of every operation of `document` (built once per document). */
export function indexOperations(document: ContractDocument): OperationIndex {
  const known = built.get(document);
  if (known) return known;
  const operations: ContractOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const itemPointer = `#/paths/${pointerSegment(path)}`;
    const item = resolveRefAt(document, rawItem, itemPointer);
    for (const method of httpMethods) {
      if (item.node[method]) operations.push(readOperation(document, path, item.node, item.pointer, method));
    }
  }
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const unmatched = readUnmatched(document);
  const index: OperationIndex = {
    document,
    operations,
    get: (operationId) => byId.get(operationId),
    has: (operationId) => byId.has(operationId),
    response: (operationId, status) => responseFor(byId.get(operationId)?.responses, status),
    tagged: (tag) => operations.filter((operation) => operation.tags.includes(tag)),
    ...(unmatched ? { unmatched } : {}),
    unmatchedResponse: (status) => responseFor(unmatched?.responses, status),
  };
  built.set(document, index);
  return index;
}
