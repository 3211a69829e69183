import { type ContractDocument, resolveRef } from './document.ts';
import { type ContractOperation, indexOperations } from './operations.ts';

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

const maxDepth = 12;

/** A schema resolved at its top; undefined where there is none. */
function resolve(document: ContractDocument, node: unknown): Schema | undefined {
  return node === undefined ? undefined : resolveRef(document, node);
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

/** Paths with parameter names blanked, so a renamed path parameter is the same operation. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function compareOperation(walk: Walk, old: ContractOperation, now: ContractOperation) {
  const report = (what: string) => walk.changes.push({ where: walk.where, what });
  if (old.raw.operationId && now.raw.operationId !== old.raw.operationId) {
    report(`operationId ${old.raw.operationId} renamed to ${now.raw.operationId ?? '(none)'}`);
  }
  if (!old.secured && now.secured) report('now requires a signed-in caller');

  const byKey = (operation: ContractOperation) =>
    new Map(operation.parameters.map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]));
  const oldParameters = byKey(old);
  const newParameters = byKey(now);
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
  const oldPath = old.parameters.filter((p) => p.in === 'path');
  const newPath = now.parameters.filter((p) => p.in === 'path');
  oldPath.forEach((previous, index) => {
    const parameter = newPath[index];
    if (parameter && parameter.name === previous.name) return; // already compared by name
    if (parameter) compareSchema(walk, previous.schema, parameter.schema, 'request', `path:${previous.name}`);
  });

  if (now.requestBody?.required && !old.requestBody?.required) report('request body is now required');
  for (const [type, media] of Object.entries(old.requestBody?.content ?? {})) {
    const next = now.requestBody?.content[type];
    if (!next) report(`request body ${type} no longer accepted`);
    else compareSchema(walk, media.schema, next.schema, 'request', `body(${type})`);
  }

  for (const [status, previous] of Object.entries(old.responses)) {
    const next = now.responses[status];
    if (!next) {
      if (status.startsWith('2') || status.startsWith('3')) report(`response ${status} removed`);
      continue;
    }
    // An answer to HEAD never has a body (RFC 9110, 9.3.2): content it used to declare was never sent.
    if (old.method === 'HEAD') continue;
    for (const [type, media] of Object.entries(previous.content)) {
      const media2 = next.content[type];
      if (!media2) report(`response ${status} no longer answers ${type}`);
      else compareSchema(walk, media.schema, media2.schema, 'response', `${status}(${type})`);
    }
  }
}

/** Every breaking change from `before` to `after`. */
export function findBreakingChanges(before: ContractDocument, after: ContractDocument): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const key = (operation: ContractOperation) => `${operation.method} ${shape(operation.path)}`;
  const afterByShape = new Map(
    indexOperations(after).operations.map((operation) => [key(operation), operation]),
  );
  for (const old of indexOperations(before).operations) {
    const where = `${old.method} ${old.path}`;
    const now = afterByShape.get(key(old));
    if (!now) {
      changes.push({
        where,
        what: `operation ${String(old.raw.operationId ?? '')} removed`.replace('  ', ' '),
      });
      continue;
    }
    compareOperation({ before, after, changes, where }, old, now);
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
