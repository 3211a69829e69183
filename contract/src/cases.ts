/**
 * Request cases generated from the contract, for fuzzing and conformance kits. Framework-free: give it
 * the parsed `openapi.yaml` and send the plain request descriptions it returns with any HTTP client.
 *
 * ```ts
 * import { loadContract } from '@portal/contract/document';
 * import { generateCases } from '@portal/contract/cases';
 * for (const c of generateCases(loadContract(), { headers: { 'x-user-id': 'owner@example.com' } })) {
 *   const answer = await fetch(base + c.url, { method: c.method, headers: c.headers, body: c.body });
 *   // check answer.status is declared for c.operationId, and the body against its schema
 * }
 * ```
 *
 * - `validRequest(document, operationId)`: one request built from the operation's examples (parameters,
 *   body), falling back to values sampled from the schemas.
 * - `generateCases(document, options)`: for every operation that valid request and its invalid variants:
 *   a missing, wrong-typed, out-of-range or over-long parameter, a bad percent-encoding, a missing or
 *   unparsable body, a body of the wrong type, without a required property, with an unknown property or a
 *   value out of range, the wrong or no content type, multipart without boundary or truncated.
 *   `strayCases()` adds requests to paths the contract does not have.
 * - `kind: 'valid'` cases may still be refused (wrong role, someone else's id); `kind: 'invalid'` cases
 *   must never succeed (2xx). Every answer, valid or not, must have a status the operation declares.
 */
import { type ContractDocument, resolveRef, type SchemaNode } from './document.ts';
import {
  type ContractOperation,
  type ContractParameter,
  httpMethods,
  indexOperations,
} from './operations.ts';
import { sampleValue, typesOf } from './schema-sample.ts';

export interface RequestCase {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Path with its parameters substituted and percent-encoded, plus the query string. */
  url: string;
  headers: Record<string, string>;
  /** Raw payload as sent (JSON text, multipart text), absent when no body is sent. */
  body?: string;
  /** What differs from the valid request: `valid`, `path id: over-long`, `body: unknown property`... */
  variant: string;
  kind: 'valid' | 'invalid';
}

export interface CaseOptions {
  /** Headers sent with every case (identity, origin...); a case's own headers win. */
  headers?: Record<string, string>;
  /** Parameter values to use instead of the contract's examples, by parameter name. */
  parameters?: Record<string, string>;
  /** Body to use instead of the contract's example, by operationId. */
  bodies?: Record<string, unknown>;
  /** Only these operations (all when absent). */
  operationIds?: readonly string[];
  /** Length of the over-long values (default 2,000 characters). */
  overLongLength?: number;
}

type Operation = ContractOperation;
type Parameter = ContractParameter;

const multipartBoundary = 'contract-cases-boundary';
/** The smallest file the server recognises as a PDF by its content. */
const samplePdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

const encode = (value: unknown) => encodeURIComponent(String(value));

function parameterValue(document: ContractDocument, parameter: Parameter, options: CaseOptions): string {
  const override = options.parameters?.[parameter.name];
  if (override !== undefined) return override;
  if (parameter.example !== undefined) return String(parameter.example);
  return String(sampleValue(document, parameter.schema));
}

function multipartBody(fields: Array<{ name: string; filename?: string; type?: string; content: string }>) {
  const parts = fields.map((field) => {
    const disposition = `form-data; name="${field.name}"${field.filename ? `; filename="${field.filename}"` : ''}`;
    const type = field.type ? `\r\nContent-Type: ${field.type}` : '';
    return `--${multipartBoundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${field.content}\r\n`;
  });
  return `${parts.join('')}--${multipartBoundary}--\r\n`;
}

const validMultipart = () =>
  multipartBody([{ name: 'file', filename: 'registry.pdf', type: 'application/pdf', content: samplePdf }]);

/** The pieces of one request, before they are assembled into a case. */
interface Draft {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
}

function validDraft(document: ContractDocument, operation: Operation, options: CaseOptions): Draft {
  const draft: Draft = { path: {}, query: {}, headers: {} };
  for (const parameter of operation.parameters) {
    const value = parameterValue(document, parameter, options);
    if (parameter.in === 'path') draft.path[parameter.name] = encode(value);
    else if (parameter.in === 'query' && parameter.required) draft.query[parameter.name] = encode(value);
    else if (parameter.in === 'header') draft.headers[parameter.name.toLowerCase()] = value;
  }
  const content = operation.requestBody?.content ?? {};
  if (content['application/json']) {
    const media = content['application/json'];
    const body =
      options.bodies?.[operation.operationId] ?? media.example ?? sampleValue(document, media.schema ?? {});
    draft.headers['content-type'] = 'application/json';
    draft.body = JSON.stringify(body);
  } else if (content['multipart/form-data']) {
    draft.headers['content-type'] = `multipart/form-data; boundary=${multipartBoundary}`;
    draft.body = validMultipart();
  }
  return draft;
}

function assemble(
  operation: Operation,
  draft: Draft,
  variant: string,
  kind: RequestCase['kind'],
  options: CaseOptions,
): RequestCase {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => draft.path[name] ?? '');
  const query = Object.entries(draft.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
  const headers = { ...options.headers, ...draft.headers };
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  return {
    operationId: operation.operationId,
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(draft.body !== undefined ? { body: draft.body } : {}),
    variant,
    kind,
  };
}

/** Values a parameter of this schema must refuse (each percent-encoded as it goes on the wire). */
function invalidParameterValues(
  document: ContractDocument,
  schema: SchemaNode,
  overLong: number,
): Array<[string, string]> {
  const values: Array<[string, string]> = [
    ['over-long', 'a'.repeat(Math.max(overLong, ((schema.maxLength as number) ?? 0) + 1))],
    ['bad encoding', '%ff'],
    ['truncated encoding', '%E0%A4%A'],
    ['encoded slash', 'a%2Fb'],
  ];
  const types = typesOf(resolveRef(document, schema));
  if (types.includes('integer') || types.includes('number')) values.push(['wrong type', 'not-a-number']);
  if (schema.enum || schema.pattern || schema.$ref) values.push(['not allowed', encode('$$$ <x>')]);
  if (typeof schema.maxLength === 'number') {
    values.push(['one too long', 'a'.repeat(schema.maxLength + 1)]);
  }
  return values;
}

/** Bodies (JSON values) that the body schema must refuse, with what is wrong with each. */
function invalidJsonBodies(document: ContractDocument, schemaNode: unknown, valid: unknown) {
  const schema = resolveRef(document, schemaNode);
  const bodies: Array<[string, unknown]> = [
    ['null', null],
    ['number', 42],
    ['string', 'text'],
  ];
  const types = typesOf(schema);
  if (types.includes('array')) {
    bodies.push(['object instead of array', {}]);
    if (typeof schema.minItems === 'number' && schema.minItems > 0) bodies.push(['empty array', []]);
    if (typeof schema.maxItems === 'number' && Array.isArray(valid) && valid.length > 0) {
      bodies.push(['too many items', Array.from({ length: schema.maxItems + 1 }, () => valid[0])]);
    }
    if (Array.isArray(valid) && valid.length > 0 && valid[0] && typeof valid[0] === 'object') {
      for (const [what, item] of invalidObjects(document, schema.items, valid[0] as SchemaNode)) {
        bodies.push([`item ${what}`, [item]]);
      }
    }
  }
  if (types.includes('object') && valid && typeof valid === 'object' && !Array.isArray(valid)) {
    bodies.push(['array instead of object', []]);
    bodies.push(...invalidObjects(document, schema, valid as SchemaNode));
  }
  return bodies;
}

function invalidObjects(document: ContractDocument, schemaNode: unknown, valid: SchemaNode) {
  const schema = resolveRef(document, schemaNode);
  const out: Array<[string, unknown]> = [];
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  if (schema.additionalProperties === false) out.push(['unknown property', { ...valid, unexpected: 1 }]);
  for (const name of (schema.required ?? []) as string[]) {
    const { [name]: _dropped, ...rest } = valid;
    out.push([`without ${name}`, rest]);
  }
  for (const [name, node] of Object.entries(properties)) {
    const property = resolveRef(document, node);
    const types = typesOf(property);
    const wrong = types.includes('string') ? 12345 : 'text';
    out.push([`${name} wrong type`, { ...valid, [name]: wrong }]);
    if (typeof property.maxLength === 'number') {
      out.push([`${name} too long`, { ...valid, [name]: 'a'.repeat(property.maxLength + 1) }]);
    }
    if (typeof property.maximum === 'number')
      out.push([`${name} above maximum`, { ...valid, [name]: property.maximum + 1 }]);
    if (typeof property.minimum === 'number')
      out.push([`${name} below minimum`, { ...valid, [name]: property.minimum - 1 }]);
    if (Array.isArray(property.enum)) out.push([`${name} not in enum`, { ...valid, [name]: 'NOT_IN_ENUM' }]);
  }
  return out;
}

function bodyCases(document: ContractDocument, operation: Operation, valid: Draft): Array<[string, Draft]> {
  const cases: Array<[string, Draft]> = [];
  const without = (headers: Record<string, string>) => {
    const { 'content-type': _type, ...rest } = headers;
    return rest;
  };
  const withBody = (type: string | null, body: string | undefined): Draft => ({
    ...valid,
    headers: type === null ? without(valid.headers) : { ...valid.headers, 'content-type': type },
    ...(body === undefined ? { body: undefined } : { body }),
  });
  const content = operation.requestBody?.content ?? {};
  const payload = valid.body ?? '{}';
  if (!operation.requestBody) {
    if (operation.method === 'GET' || operation.method === 'HEAD') return cases;
    // A body where none is declared: the server may ignore it or refuse it, but never fail.
    cases.push(['unexpected json body', withBody('application/json', '{"unexpected":true}')]);
    cases.push(['unexpected unparsable body', withBody('application/json', '{"unexpected":')]);
    cases.push(['unexpected text body', withBody('text/plain', 'hello')]);
    return cases;
  }
  cases.push(['body: missing', withBody(null, undefined)]);
  cases.push(['body: text/plain', withBody('text/plain', payload)]);
  cases.push(['body: no content type', withBody(null, payload)]);
  cases.push(['body: form-urlencoded', withBody('application/x-www-form-urlencoded', 'a=1&b=2')]);
  cases.push(['body: xml', withBody('application/xml', '<a>1</a>')]);
  cases.push(['body: octet-stream', withBody('application/octet-stream', payload)]);
  cases.push(['body: multipart without boundary', withBody('multipart/form-data', payload)]);
  if (content['application/json']) {
    const media = content['application/json'];
    cases.push(['body: empty', withBody('application/json', '')]);
    cases.push(['body: unparsable', withBody('application/json', '{"speed":')]);
    cases.push([
      'body: multipart',
      withBody(`multipart/form-data; boundary=${multipartBoundary}`, validMultipart()),
    ]);
    for (const [what, body] of invalidJsonBodies(document, media.schema, JSON.parse(payload))) {
      cases.push([`body: ${what}`, withBody('application/json', JSON.stringify(body))]);
    }
  }
  if (content['multipart/form-data']) {
    const full = validMultipart();
    const type = `multipart/form-data; boundary=${multipartBoundary}`;
    cases.push(['multipart: truncated', withBody(type, full.slice(0, Math.floor(full.length / 2)))]);
    cases.push(['multipart: no closing boundary', withBody(type, full.slice(0, full.lastIndexOf('--')))]);
    cases.push(['multipart: wrong boundary', withBody('multipart/form-data; boundary=other', full)]);
    cases.push(['multipart: no file', withBody(type, multipartBody([{ name: 'note', content: 'x' }]))]);
    cases.push([
      'multipart: unknown field name',
      withBody(type, multipartBody([{ name: 'other', filename: 'a.pdf', content: samplePdf }])),
    ]);
    cases.push([
      'multipart: not a pdf',
      withBody(type, multipartBody([{ name: 'file', filename: 'a.pdf', content: 'plain text' }])),
    ]);
    cases.push([
      'multipart: empty file',
      withBody(type, multipartBody([{ name: 'file', filename: 'a.pdf', content: '' }])),
    ]);
    cases.push(['body: json', withBody('application/json', '{"file":["x"]}')]);
    for (const [what, body, kind] of multipartForms())
      cases.push([`multipart: ${what}${kind}`, withBody(type, body)]);
  }
  return cases;
}

/** Marks a multipart form the server may take or refuse (`kind: 'valid'`): odd, but not wrong. */
const tolerated = ' (tolerated)';

/**
 * Malformed and odd multipart bodies with the contract's boundary: cut off, unclosed, nested, huge or
 * many part headers, many parts, parts without a name or a disposition.
 */
function multipartForms(): Array<[string, string, '' | typeof tolerated]> {
  const b = multipartBoundary;
  const file = (headers: string, content = samplePdf) => `--${b}\r\n${headers}\r\n\r\n${content}\r\n`;
  const pdfPart = file(
    'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf',
  );
  const closing = `--${b}--\r\n`;
  const whole = pdfPart + closing;
  return [
    ['cut off inside the file', whole.slice(0, whole.indexOf('%%EOF')), ''],
    ['cut off inside the part headers', whole.slice(0, whole.indexOf('filename=')), ''],
    ['cut off after the opening boundary', `--${b}\r\n`, ''],
    ['closing boundary without its dashes', `${pdfPart}--${b}\r\n`, ''],
    [
      'nested multipart',
      file(
        'Content-Disposition: form-data; name="file"\r\nContent-Type: multipart/mixed; boundary=inner',
        `--inner\r\nContent-Disposition: file; filename="a.pdf"\r\n\r\n${samplePdf}\r\n--inner--`,
      ) + closing,
      '',
    ],
    [
      'huge part header',
      file(`Content-Disposition: form-data; name="file"; filename="${'a'.repeat(100_000)}.pdf"`) + closing,
      tolerated,
    ],
    [
      'many part headers',
      file(
        `Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n${Array.from({ length: 3_000 }, (_, i) => `X-Part-${i}: x`).join('\r\n')}`,
      ) + closing,
      tolerated,
    ],
    ['many parts', pdfPart.repeat(200) + closing, ''],
    ['many empty parts', `--${b}\r\n\r\n\r\n`.repeat(1_000) + closing, ''],
    ['a part with no name', file('Content-Disposition: form-data; filename="a.pdf"') + closing, ''],
    ['a part with no disposition', file('Content-Type: application/pdf') + closing, ''],
    ['a field instead of a file', file('Content-Disposition: form-data; name="file"') + closing, ''],
    ['preamble and epilogue', `a preamble\r\n${whole}an epilogue\r\n`, tolerated],
    ['bare LF line endings', whole.replaceAll('\r\n', '\n'), ''],
  ];
}

function parameterCases(
  document: ContractDocument,
  operation: Operation,
  valid: Draft,
  overLong: number,
): Array<[string, Draft]> {
  const cases: Array<[string, Draft]> = [];
  for (const parameter of operation.parameters) {
    const schema = parameter.schema;
    const bad = invalidParameterValues(
      document,
      { ...schema, ...(parameter.schemaRef ? { $ref: parameter.schemaRef } : {}) },
      overLong,
    );
    if (parameter.in === 'path') {
      for (const [what, value] of bad) {
        cases.push([
          `path ${parameter.name}: ${what}`,
          { ...valid, path: { ...valid.path, [parameter.name]: value } },
        ]);
      }
    } else if (parameter.in === 'query') {
      if (parameter.required) {
        const { [parameter.name]: _dropped, ...rest } = valid.query;
        cases.push([`query ${parameter.name}: missing`, { ...valid, query: rest }]);
      }
      // Free text (a search term) may hold any characters: only a constrained value must be refused.
      const freeText =
        typesOf(schema).includes('string') &&
        !schema.pattern &&
        !schema.enum &&
        !schema.format &&
        !parameter.schemaRef;
      for (const [what, value] of bad) {
        const tolerated = freeText && /encoding|slash/.test(what);
        cases.push([
          `query ${parameter.name}: ${what}${tolerated ? ' (free text)' : ''}`,
          { ...valid, query: { ...valid.query, [parameter.name]: value } },
        ]);
      }
    } else if (parameter.in === 'header') {
      const name = parameter.name.toLowerCase();
      cases.push([
        `header ${parameter.name}: over-long`,
        {
          ...valid,
          headers: {
            ...valid.headers,
            [name]: 'a'.repeat(Math.max(overLong, ((schema.maxLength as number) ?? 0) + 1)),
          },
        },
      ]);
      cases.push([
        `header ${parameter.name}: blank`,
        { ...valid, headers: { ...valid.headers, [name]: ' ' } },
      ]);
    }
  }
  return cases;
}

/** The operation's request built from the contract's examples (see the module comment). */
export function validRequest(
  document: ContractDocument,
  operationId: string,
  options: CaseOptions = {},
): RequestCase {
  const operation = indexOperations(document).get(operationId);
  if (!operation) throw new Error(`No operation ${operationId} in the contract`);
  return assemble(operation, validDraft(document, operation, options), 'valid', 'valid', options);
}

/** Every operation's valid request and its invalid variants (see the module comment). */
export function generateCases(document: ContractDocument, options: CaseOptions = {}): RequestCase[] {
  const overLong = options.overLongLength ?? 2000;
  const cases: RequestCase[] = [];
  for (const operation of indexOperations(document).operations) {
    if (options.operationIds && !options.operationIds.includes(operation.operationId)) continue;
    const valid = validDraft(document, operation, options);
    cases.push(assemble(operation, valid, 'valid', 'valid', options));
    for (const [variant, draft] of parameterCases(document, operation, valid, overLong)) {
      cases.push(
        assemble(operation, draft, variant, variant.endsWith('(free text)') ? 'valid' : 'invalid', options),
      );
    }
    for (const [variant, draft] of bodyCases(document, operation, valid)) {
      // A body the operation ignores, or an optional body left out, is a request it must accept.
      const optionalMissing = variant === 'body: missing' && !operation.requestBody?.required;
      const kind =
        variant.startsWith('unexpected') || optionalMissing || variant.endsWith(tolerated)
          ? 'valid'
          : 'invalid';
      cases.push(assemble(operation, draft, variant, kind, options));
    }
  }
  return cases;
}

/** Requests to paths the contract does not have: each must get a 404 in the error envelope. */
export function strayCases(options: Pick<CaseOptions, 'headers' | 'overLongLength'> = {}) {
  const long = 'x'.repeat(options.overLongLength ?? 2000);
  const urls = [
    '/api/v1/nowhere',
    `/api/v1/${long}`,
    '/api/v1/%ff',
    '/api/v1/invitations/%ff/permissions',
    '/api/v2/health',
    '/api/',
    '/api/v1/health/extra',
  ];
  return urls.flatMap((url) =>
    ['GET', 'POST', 'DELETE'].map((method) => ({
      method,
      url,
      headers: { ...options.headers },
      variant: `stray ${method} ${url.slice(0, 40)}`,
    })),
  );
}

/** A request no operation matches, derived from one operation's address: judged by `x-unmatched`. */
export interface UnmatchedCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  variant: string;
  /** The operation whose address it was derived from. */
  from: string;
}

/** Segments over this length are refused before routing (the contract's conventions). */
const overLongSegment = 'x'.repeat(600);

/**
 * Ways to spell an address so that it no longer names its operation (each `[variant, path]`). Every
 * form changes the literal first segment or the slashes around it, never a parameter's value (those
 * forms are the parameter cases), so none of them can still match an operation.
 */
function addressForms(path: string): Array<[string, string]> {
  const cut = path.indexOf('/', 1);
  const head = cut === -1 ? path : path.slice(0, cut);
  const tail = cut === -1 ? '' : path.slice(cut);
  const rest = tail.slice(1);
  return [
    ['empty segment first', `/${path}`],
    ['empty segment', `${head}/${tail}`],
    ['trailing slash', `${path}/`],
    ['dot segment', `${head}/.${tail}`],
    ['dot-dot segment', `${head}/x/..${tail}`],
    ['encoded dot segment', `${head}/%2e${tail}`],
    ['encoded dot-dot segment', `${head}/%2E%2E${tail}`],
    ['encoded slash', `${head}%2F${rest}`],
    ['encoded backslash', `${head}%5C${rest}`],
    ['backslash', `${head}\\${rest}`],
    ['over-long segment', `${head}/${overLongSegment}${tail}`],
    ['invalid percent-encoding', `${head}%zz${tail}`],
    ['truncated percent-encoding', `${head}%${tail}`],
    ['invalid UTF-8', `${head}%c3%28${tail}`],
    ['encoded NUL', `${head}%00${tail}`],
    ['upper case', `${head.toUpperCase()}${tail}`],
  ];
}

/** Methods no operation of the contract has on any path, plus ones no HTTP parser knows. */
const oddMethods = ['TRACE', 'PROPFIND', 'SEARCH', 'PURGE', 'FOO'];

/**
 * Every operation's address in forms that no longer name it (empty, dot and encoded segments, encoded
 * slashes, over-long segments, invalid percent-encoding) and every path with methods it does not have.
 * Each must be answered as `x-unmatched` declares (404 for an address the contract does not have, 400
 * for one that is not validly encoded or not HTTP), never 5xx, never a success.
 */
export function urlFormCases(document: ContractDocument, options: CaseOptions = {}): UnmatchedCase[] {
  const cases: UnmatchedCase[] = [];
  const all = indexOperations(document).operations;
  const operations = all.filter(
    (operation) => !options.operationIds || options.operationIds.includes(operation.operationId),
  );
  const methodsByPath = new Map<string, Set<string>>();
  for (const operation of all) {
    const methods = methodsByPath.get(operation.path) ?? new Set<string>();
    methods.add(operation.method);
    methodsByPath.set(operation.path, methods);
  }
  const seenPaths = new Set<string>();
  for (const operation of operations) {
    const valid = assemble(operation, validDraft(document, operation, options), 'valid', 'valid', options);
    const [path, query] = valid.url.split('?') as [string, string | undefined];
    const withQuery = (p: string) => (query ? `${p}?${query}` : p);
    for (const [form, formed] of addressForms(path)) {
      cases.push({
        method: valid.method,
        url: withQuery(formed),
        headers: valid.headers,
        ...(valid.body !== undefined ? { body: valid.body } : {}),
        variant: `url: ${form}`,
        from: operation.operationId,
      });
    }
    if (seenPaths.has(operation.path)) continue;
    seenPaths.add(operation.path);
    const declared = methodsByPath.get(operation.path) ?? new Set();
    for (const method of new Set([...oddMethods, ...httpMethods.map((m) => m.toUpperCase())])) {
      if (declared.has(method)) continue;
      cases.push({
        method,
        url: valid.url,
        headers: { ...options.headers },
        variant: `method: ${method}`,
        from: operation.operationId,
      });
    }
  }
  return cases;
}

/** One request as it goes on the wire (HTTP/1.1 text), for clients that send raw bytes. */
export function rawRequest(
  request: Pick<RequestCase, 'method' | 'url' | 'headers' | 'body'>,
  host = 'localhost',
): string {
  const headers: Record<string, string> = { host, ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`;
}

/** A request that is not valid HTTP/1.1, as raw text, derived from one operation's valid request. */
export interface MalformedHttpCase {
  raw: string;
  variant: string;
  from: string;
}

/**
 * Every operation's valid request made invalid at the HTTP level: a method that is not a token, the
 * wrong version, no Host, a header line without a colon, headers over 16 KB, both Content-Length and
 * Transfer-Encoding, a bad chunk. Each must be answered `400`, or `431` for the headers, in the envelope.
 */
export function malformedHttpCases(
  document: ContractDocument,
  options: CaseOptions = {},
): MalformedHttpCase[] {
  const cases: MalformedHttpCase[] = [];
  for (const operation of indexOperations(document).operations) {
    if (options.operationIds && !options.operationIds.includes(operation.operationId)) continue;
    const valid = assemble(operation, validDraft(document, operation, options), 'valid', 'valid', options);
    const raw = rawRequest(valid);
    const [requestLine = '', ...rest] = raw.split('\r\n');
    const after = rest.join('\r\n');
    const variants: Array<[string, string]> = [
      ['method with a space', `${valid.method} X ${valid.url} HTTP/1.1\r\n${after}`],
      ['lower-case method', `${requestLine.replace(valid.method, valid.method.toLowerCase())}\r\n${after}`],
      ['HTTP/9.9', `${requestLine.replace('HTTP/1.1', 'HTTP/9.9')}\r\n${after}`],
      ['no Host', raw.replace(/\r\nhost: [^\r]*/, '')],
      ['header without a colon', raw.replace('\r\n', '\r\nNot a header\r\n')],
      ['headers over 16 KB', raw.replace('\r\n', `\r\nX-Padding: ${'a'.repeat(20_000)}\r\n`)],
      [
        'Content-Length and Transfer-Encoding',
        `${requestLine}\r\nhost: localhost\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n`,
      ],
      [
        'bad chunk size',
        `${requestLine}\r\nhost: localhost\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      ],
    ];
    for (const [variant, text] of variants)
      cases.push({ raw: text, variant: `http: ${variant}`, from: operation.operationId });
  }
  return cases;
}
