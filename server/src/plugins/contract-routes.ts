import { type ContractDocument, resolveRef } from '@portal/contract/document';
import { type ContractMedia, type ContractParameter, indexOperations } from '@portal/contract/operations';
import type { FastifySchema, HTTPMethods } from 'fastify';

// The contract's operations as Fastify routes: method, URL and the route schema (path, query and
// header parameters, request bodies and answers by status and media type) with every `$ref` inlined,
// read through the contract's operation index, in the shapes fastify-openapi-glue 4 made. Glue also
// validated the whole document against the OpenAPI meta-schema on every start, the largest part of the
// server's start in CPU with no way to turn it off; the contract is linted on its own (decision 0059).

type Node = Record<string, unknown>;

export interface ContractRoute {
  method: HTTPMethods;
  /** Fastify's form of the path: `{id}` becomes `:id`. */
  url: string;
  operationId: string;
  schema: FastifySchema & Node;
}

// JSON Schema's identifier words: dropped from the inlined copy (a route schema is one anonymous tree).
const identifierWords = new Set(['$id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$schema']);

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * What each `$ref` of a document inlines to, made once per document: most answers share the same few
 * components (errors, pages, users), and inlining them again for every route was most of the routes'
 * build at start (issue 23). The trees are shared between routes; nothing writes to a route schema
 * (Ajv and fast-json-stringify only read them; a test freezes them).
 */
const inlinedRefs = new WeakMap<ContractDocument, Map<string, unknown>>();

/** A copy of `node` with every `$ref` replaced by what it points to (siblings of `$ref` dropped). */
function inlined(document: ContractDocument, node: unknown, depth = 0): unknown {
  if (!isObject(node)) return node;
  if (depth > 64) throw new Error('The contract has a reference cycle; route schemas cannot inline it');
  if (Array.isArray(node)) return node.map((item) => inlined(document, item, depth + 1));
  if (typeof node.$ref === 'string') {
    let refs = inlinedRefs.get(document);
    if (!refs) {
      refs = new Map();
      inlinedRefs.set(document, refs);
    }
    let target = refs.get(node.$ref);
    if (target === undefined) {
      target = inlined(document, resolveRef(document, node), depth + 1);
      refs.set(node.$ref, target);
    }
    return target;
  }
  const copy: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (!identifierWords.has(key)) copy[key] = inlined(document, value, depth + 1);
  }
  return copy;
}

function objectOf(document: ContractDocument, parameters: ContractParameter[]): Node {
  const properties: Node = {};
  const required: string[] = [];
  for (const { name, schema, description, required: isRequired } of parameters) {
    properties[name] = { ...(inlined(document, schema) as Node), ...(description ? { description } : {}) };
    if (isRequired) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** One exploded object parameter (or one with content) is the query itself; else one property each. */
function queryOf(document: ContractDocument, parameters: ContractParameter[]): Node {
  const [only] = parameters;
  if (parameters.length === 1 && only) {
    const content = only.raw.content;
    if (isObject(content))
      return inlined(document, (Object.values(content)[0] as Node | undefined)?.schema) as Node;
    const style = only.raw.style ?? 'form';
    const explode = only.raw.explode ?? style === 'form';
    if (explode && only.schema.type === 'object') return inlined(document, only.schema) as Node;
  }
  return objectOf(document, parameters);
}

/** `{ content: { type: { schema } } }` for a body or an answer with content, else undefined. */
function contentOf(document: ContractDocument, content: Record<string, ContractMedia> | undefined) {
  if (!content || Object.keys(content).length === 0) return undefined;
  const result: Node = {};
  for (const [type, media] of Object.entries(content)) {
    if (media.schema) result[type] = { schema: inlined(document, media.schema) };
  }
  return { content: result };
}

/** Every operation of the contract as a Fastify route, in the document's order. */
export function contractRoutes(document: ContractDocument): ContractRoute[] {
  return indexOperations(document).operations.map((operation) => {
    const { raw } = operation;
    const schema: Node = {
      ...(raw.tags ? { tags: raw.tags } : {}),
      ...(raw.summary ? { summary: raw.summary } : {}),
      ...(raw.description ? { description: raw.description } : {}),
      ...(raw.operationId ? { operationId: raw.operationId } : {}),
    };
    for (const [key, extension] of Object.entries(raw)) {
      if (key.startsWith('x-')) schema[key] = inlined(document, extension);
    }
    // Fastify does not validate cookies; the contract's cookie parameters are checked by the handlers.
    const placed = (place: ContractParameter['in']) => operation.parameters.filter((p) => p.in === place);
    const [path, query, header] = [placed('path'), placed('query'), placed('header')];
    if (path.length > 0) schema.params = objectOf(document, path);
    if (query.length > 0) schema.querystring = queryOf(document, query);
    if (header.length > 0) schema.headers = objectOf(document, header);
    const body = contentOf(document, operation.requestBody?.content);
    if (body) schema.body = body;
    const response: Node = {};
    for (const [status, answer] of Object.entries(operation.responses)) {
      const answerContent = contentOf(document, answer.content);
      if (answerContent) response[status] = answerContent;
    }
    if (Object.keys(response).length > 0) schema.response = response;
    return {
      method: operation.method as HTTPMethods,
      url: operation.path.replace(/{(\w+)}/g, ':$1'),
      operationId: operation.operationId,
      schema,
    };
  });
}
