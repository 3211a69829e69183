import type { ContractDocument } from '@portal/contract/document';
import type { FastifySchema, HTTPMethods } from 'fastify';

// The contract's operations as Fastify routes: method, URL and the route schema (path, query and
// header parameters, request bodies and answers by status and media type) with every `$ref` inlined,
// in the shapes fastify-openapi-glue 4 made (a test compares the two). Glue also validated the whole
// document against the OpenAPI meta-schema on every start, a third of the server's start in CPU with
// no way to turn it off; the contract is linted and tested on its own (`npm run lint:contract`).

type Node = Record<string, unknown>;
type Parameter = { name: string; in: string; schema?: Node; description?: string; required?: boolean };

export interface ContractRoute {
  method: HTTPMethods;
  /** Fastify's form of the path: `{id}` becomes `:id`. */
  url: string;
  operationId: string;
  schema: FastifySchema & Node;
}

const operationMethods = new Set(['delete', 'get', 'head', 'patch', 'post', 'put', 'options']);
// JSON Schema's identifier words: dropped from the inlined copy (a route schema is one anonymous tree).
const identifierWords = new Set(['$id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$schema']);

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** A copy of `node` with every local `$ref` replaced by what it points to (siblings of `$ref` dropped). */
function inlined(document: ContractDocument, node: unknown, depth = 0): unknown {
  if (!isObject(node)) return node;
  if (depth > 64) throw new Error('The contract has a reference cycle; route schemas cannot inline it');
  if (Array.isArray(node)) return node.map((item) => inlined(document, item, depth + 1));
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only references inside the contract are supported: ${ref}`);
    let target: unknown = document;
    for (const segment of ref.slice(2).split('/')) {
      target = isObject(target) ? target[segment.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    }
    if (target === undefined) throw new Error(`Cannot resolve ${ref}`);
    return inlined(document, target, depth + 1);
  }
  const copy: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (!identifierWords.has(key)) copy[key] = inlined(document, value, depth + 1);
  }
  return copy;
}

function objectOf(parameters: Parameter[]): Node {
  const schema: Node = { type: 'object', properties: {} };
  const required: string[] = [];
  for (const { name, schema: valueSchema, description, required: isRequired } of parameters) {
    (schema.properties as Node)[name] = { ...valueSchema, ...(description ? { description } : {}) };
    if (isRequired) required.push(name);
  }
  if (required.length > 0) schema.required = required;
  return schema;
}

/** One exploded object parameter is the query itself; otherwise one property per parameter. */
function queryOf(parameters: Parameter[]): Node {
  const [only] = parameters;
  if (parameters.length === 1 && only) {
    const content = (only as { content?: Node }).content;
    if (isObject(content)) return (Object.values(content)[0] as Node | undefined)?.schema as Node;
    const style = (only as { style?: string }).style ?? 'form';
    const explode = (only as { explode?: boolean }).explode ?? style === 'form';
    if (explode && only.schema?.type === 'object') return only.schema;
  }
  return objectOf(parameters);
}

function addParameters(schema: Node, parameters: unknown): void {
  if (!Array.isArray(parameters)) return;
  const byPlace = { path: [], query: [], header: [] } as Record<string, Parameter[]>;
  // Fastify does not validate cookies; the contract's cookie parameters are checked by the handlers.
  for (const parameter of parameters as Parameter[]) byPlace[parameter.in]?.push(parameter);
  if (byPlace.path?.length) schema.params = objectOf(byPlace.path);
  if (byPlace.query?.length) schema.querystring = queryOf(byPlace.query);
  if (byPlace.header?.length) schema.headers = objectOf(byPlace.header);
}

/** `{ content: { type: { schema } } }` for a request body or an answer with content, else undefined. */
function contentOf(holder: unknown): Node | undefined {
  const content = isObject(holder) ? holder.content : undefined;
  if (!isObject(content) || Object.keys(content).length === 0) return undefined;
  const result: Node = {};
  for (const [type, media] of Object.entries(content)) {
    if (isObject(media) && media.schema) result[type] = { schema: media.schema };
  }
  return { content: result };
}

/** Every operation of the contract as a Fastify route, in the document's order. */
export function contractRoutes(contract: ContractDocument): ContractRoute[] {
  const document = inlined(contract, contract) as ContractDocument;
  const routes: ContractRoute[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const { parameters, ...operations } = item as Node;
    const shared: Node = {};
    addParameters(shared, parameters);
    for (const [method, value] of Object.entries(operations)) {
      if (!operationMethods.has(method) || !isObject(value)) continue;
      const { tags, summary, description, operationId, parameters: own, requestBody, responses } = value;
      const schema: Node = {
        ...shared,
        ...(tags ? { tags } : {}),
        ...(summary ? { summary } : {}),
        ...(description ? { description } : {}),
        ...(operationId ? { operationId } : {}),
      };
      for (const [key, extension] of Object.entries(value)) {
        if (key.startsWith('x-')) schema[key] = extension;
      }
      addParameters(schema, own);
      const body = contentOf(requestBody);
      if (body) schema.body = body;
      const response: Node = {};
      for (const [status, answer] of Object.entries(isObject(responses) ? responses : {})) {
        const answerContent = contentOf(answer);
        if (answerContent) response[status] = answerContent;
      }
      if (Object.keys(response).length > 0) schema.response = response;
      if (typeof operationId !== 'string')
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      routes.push({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/{(\w+)}/g, ':$1'),
        operationId,
        schema,
      });
    }
  }
  return routes;
}
