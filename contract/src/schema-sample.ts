import { type ContractDocument, resolveRef, type SchemaNode } from './document.ts';

/** The schema's `type` as a list (`type: [string, 'null']` → both). */
export function typesOf(schema: SchemaNode): string[] {
  const { type } = schema;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  if (schema.properties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

const formatSamples: Record<string, string> = {
  'date-time': '2025-03-14T09:30:00.000Z',
  date: '2025-03-14',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function sampleString(schema: SchemaNode): string {
  const formatted = typeof schema.format === 'string' ? formatSamples[schema.format] : undefined;
  if (formatted) return formatted;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(min, 8);
  return 'a'.repeat(Math.min(Math.max(min, 1), max));
}

function sampleNumber(schema: SchemaNode, integer: boolean): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const high = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (low !== undefined) return low;
  if (high !== undefined) return integer ? Math.min(high, 1) : high;
  return 1;
}

/**
 * A value that validates against `schema`: the schema's own `examples`/`example`/`default`/`const`/
 * first `enum` value when it has one (the contract's examples are real values), otherwise built
 * from its type and bounds. Object samples hold the required properties only.
 */
export function sampleValue(document: ContractDocument, node: unknown, depth = 0): unknown {
  const schema = resolveRef(document, node);
  if (depth > 12) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && options.length > 0) {
      // Prefer a branch that is not just null, so the sample carries data.
      const branch = options.find((option) => !typesOf(resolveRef(document, option)).includes('null'));
      return sampleValue(document, branch ?? options[0], depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = Object.assign({}, ...schema.allOf.map((part) => resolveRef(document, part)), {
      allOf: undefined,
    });
    return sampleValue(document, merged, depth + 1);
  }
  const type = typesOf(schema).find((candidate) => candidate !== 'null') ?? typesOf(schema)[0];
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
      return Array.from({ length: count }, () => sampleValue(document, schema.items ?? {}, depth + 1));
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(
        required.map((name) => [name, sampleValue(document, properties[name] ?? {}, depth + 1)]),
      );
    }
    default:
      return 'a';
  }
}
