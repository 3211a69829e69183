import type { ContractDocument } from './document.ts';

// Finds the changes between two versions of the contract that break a client or a back end
// built against the older one. Additive changes (new operations, optional parameters and
// properties, new response statuses, new enum values in answers) are not breaking.

export interface BreakingChange {
  /** Where, e.g. `PUT /api/v1/invitations/{id}/revoke` or `components.schemas.Product`. */
  where: string;
  /** What broke, in one sentence. */
  what: string;
}

type Schema = Record<string, unknown>;
type Direction = 'request' | 'response';

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];
const maxDepth = 12;

function resolve(document: ContractDocument, node: unknown): Schema | undefined {
  let current = node as Schema | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    let target: unknown = document;
    for (const segment of path) {
      target = (target as Record<string, unknown> | undefined)?.[
        segment.replaceAll('~1', '/').replaceAll('~0', '~')
      ];
    }
    current = target as Schema | undefined;
  }
  return current;
}

const types = (schema: Schema): string[] | undefined => {
  if (schema.type === undefined) return undefined;
  const list = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  // An integer is a number; widening integer → number is only safe for requests.
  return list;
};

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

interface Walk {
  before: ContractDocument;
  after: ContractDocument;
  changes: BreakingChange[];
  where: string;
}

/**
 * Compares one schema in both versions. A request schema breaks when it accepts less than before;
 * a response schema breaks when a client can no longer rely on what it used to get.
 */
function compareSchema(
  walk: Walk,
  beforeNode: unknown,
  afterNode: unknown,
  direction: Direction,
  pointer: string,
  depth = 0,
): void {
  const old = resolve(walk.before, beforeNode);
  const now = resolve(walk.after, afterNode);
  if (!old || !now || depth > maxDepth) return;
  const at = pointer || '/';
  const report = (what: string) => walk.changes.push({ where: walk.where, what: `${at}: ${what}` });

  const oldTypes = types(old);
  const newTypes = types(now);
  if (oldTypes && newTypes) {
    const lost = oldTypes.filter(
      (t) => !newTypes.includes(t) && !(t === 'integer' && newTypes.includes('number')),
    );
    const gained = newTypes.filter((t) => !oldTypes.includes(t));
    if (direction === 'request' && lost.length > 0) report(`no longer accepts type ${lost.join(', ')}`);
    if (direction === 'response' && gained.length > 0) report(`may now be of type ${gained.join(', ')}`);
  }

  const oldEnum = asList(old.enum);
  const newEnum = asList(now.enum);
  if (direction === 'request' && oldEnum.length > 0) {
    const removed = oldEnum.filter((value) => !newEnum.includes(value));
    if (newEnum.length > 0 && removed.length > 0)
      report(`no longer accepts ${removed.map(String).join(', ')}`);
  }
  if (direction === 'request' && oldEnum.length === 0 && newEnum.length > 0)
    report('now restricted to an enum');

  if (direction === 'request') {
    const narrowed = (key: string, tighter: (a: number, b: number) => boolean) => {
      const a = old[key];
      const b = now[key];
      if (typeof b === 'number' && (typeof a !== 'number' || tighter(b, a)))
        report(`${key} narrowed to ${b}`);
    };
    narrowed('maxLength', (b, a) => b < a);
    narrowed('maximum', (b, a) => b < a);
    narrowed('maxItems', (b, a) => b < a);
    narrowed('minLength', (b, a) => b > a);
    narrowed('minimum', (b, a) => b > a);
    narrowed('minItems', (b, a) => b > a);
    if (typeof now.pattern === 'string' && now.pattern !== old.pattern)
      report(`pattern changed to ${now.pattern}`);
  }

  const oldProps = (old.properties ?? {}) as Record<string, unknown>;
  const newProps = (now.properties ?? {}) as Record<string, unknown>;
  const oldRequired = asList(old.required) as string[];
  const newRequired = asList(now.required) as string[];
  for (const name of Object.keys(oldProps)) {
    const child = `${pointer}/${name}`;
    if (!(name in newProps)) {
      if (direction === 'response' && oldRequired.includes(name)) report(`property ${name} removed`);
      if (direction === 'request' && now.additionalProperties === false)
        report(`property ${name} no longer accepted`);
      continue;
    }
    if (direction === 'response' && oldRequired.includes(name) && !newRequired.includes(name)) {
      report(`property ${name} is no longer always present`);
    }
    compareSchema(walk, oldProps[name], newProps[name], direction, child, depth + 1);
  }
  if (direction === 'request') {
    for (const name of newRequired) {
      if (!oldRequired.includes(name)) report(`property ${name} is now required`);
    }
    if (
      old.additionalProperties !== false &&
      now.additionalProperties === false &&
      Object.keys(oldProps).length === 0
    ) {
      report('no longer accepts additional properties');
    }
  }
  if (old.items || now.items)
    compareSchema(walk, old.items, now.items, direction, `${pointer}/items`, depth + 1);
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

interface Operation {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }>; $ref?: string };
  responses?: Record<string, unknown>;
  security?: Record<string, unknown>[];
}

const parametersOf = (document: ContractDocument, item: Record<string, unknown>, operation: Operation) => {
  const all = [...asList(item.parameters), ...asList(operation.parameters)]
    .map((parameter) => resolve(document, parameter) as Parameter | undefined)
    .filter((parameter): parameter is Parameter => parameter !== undefined);
  return new Map(all.map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]));
};

const isPublic = (document: ContractDocument, operation: Operation) => {
  const security = operation.security ?? (document.security as Record<string, unknown>[] | undefined) ?? [];
  return security.length === 0 || security.some((entry) => Object.keys(entry).length === 0);
};

/** Paths with parameter names blanked, so a renamed path parameter is the same operation. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function compareOperation(
  walk: Walk,
  beforeItem: Record<string, unknown>,
  afterItem: Record<string, unknown>,
  old: Operation,
  now: Operation,
) {
  const { before, after } = walk;
  const report = (what: string) => walk.changes.push({ where: walk.where, what });
  if (old.operationId && now.operationId !== old.operationId) {
    report(`operationId ${old.operationId} renamed to ${now.operationId ?? '(none)'}`);
  }
  if (isPublic(before, old) && !isPublic(after, now)) report('now requires a signed-in caller');

  const oldParameters = parametersOf(before, beforeItem, old);
  const newParameters = parametersOf(after, afterItem, now);
  for (const [key, parameter] of newParameters) {
    const previous = oldParameters.get(key);
    if (parameter.in === 'path') continue; // path parameters are positional; compared below by shape
    if (parameter.required && !previous?.required)
      report(`${parameter.in} parameter ${parameter.name} is now required`);
  }
  for (const [key, previous] of oldParameters) {
    const parameter = newParameters.get(key);
    if (parameter) {
      compareSchema(walk, previous.schema, parameter.schema, 'request', `${previous.in}:${previous.name}`);
    }
  }
  const oldPath = [...oldParameters.values()].filter((p) => p.in === 'path');
  const newPath = [...newParameters.values()].filter((p) => p.in === 'path');
  oldPath.forEach((previous, index) => {
    const parameter = newPath[index];
    if (parameter && parameter.name === previous.name) return; // already compared by name
    if (parameter) compareSchema(walk, previous.schema, parameter.schema, 'request', `path:${previous.name}`);
  });

  const oldBody = resolve(before, old.requestBody) as Operation['requestBody'];
  const newBody = resolve(after, now.requestBody) as Operation['requestBody'];
  if (newBody?.required && !oldBody?.required) report('request body is now required');
  for (const [type, media] of Object.entries(oldBody?.content ?? {})) {
    const next = newBody?.content?.[type];
    if (!next) report(`request body ${type} no longer accepted`);
    else compareSchema(walk, media.schema, next.schema, 'request', `body(${type})`);
  }

  for (const [status, response] of Object.entries(old.responses ?? {})) {
    const next = resolve(after, now.responses?.[status]) as {
      content?: Record<string, { schema?: unknown }>;
    };
    const previous = resolve(before, response) as { content?: Record<string, { schema?: unknown }> };
    if (!next) {
      if (status.startsWith('2') || status.startsWith('3')) report(`response ${status} removed`);
      continue;
    }
    // An answer to HEAD never has a body (RFC 9110, 9.3.2): content it used to declare was never sent.
    if (walk.where.startsWith('HEAD ')) continue;
    for (const [type, media] of Object.entries(previous?.content ?? {})) {
      const media2 = next.content?.[type];
      if (!media2) report(`response ${status} no longer answers ${type}`);
      else compareSchema(walk, media.schema, media2.schema, 'response', `${status}(${type})`);
    }
  }
}

/** Every breaking change from `before` to `after`. */
export function findBreakingChanges(before: ContractDocument, after: ContractDocument): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const afterByShape = new Map<string, [string, Record<string, unknown>]>();
  for (const [path, item] of Object.entries(after.paths ?? {})) afterByShape.set(shape(path), [path, item]);

  for (const [path, beforeItem] of Object.entries(before.paths ?? {})) {
    const match = afterByShape.get(shape(path));
    for (const method of methods) {
      const old = beforeItem[method] as Operation | undefined;
      if (!old) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const now = match?.[1][method] as Operation | undefined;
      if (!now) {
        changes.push({ where, what: `operation ${old.operationId ?? ''} removed`.replace('  ', ' ') });
        continue;
      }
      compareOperation({ before, after, changes, where }, beforeItem, match?.[1] ?? {}, old, now);
    }
  }
  return changes;
}

/** `[major, minor, patch]` of a semantic version, or undefined. */
export function parseVersion(version: unknown): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(String(version ?? ''));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
