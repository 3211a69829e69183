import type { FastifySchemaCompiler } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ContractDocument } from './contract-document.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

function newAjv(coerceTypes: boolean | 'array'): Ajv2020 {
  // Unknown properties are rejected (additionalProperties: false), never silently stripped.
  const ajv = new Ajv2020({
    removeAdditional: false,
    useDefaults: true,
    coerceTypes,
    allErrors: false,
    strict: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  return ajv;
}

export function createRequestCompilers() {
  const bodyAjv = newAjv(false);
  const paramAjv = newAjv('array');
  const compile: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
    return ajv.compile(schema as object) as ValidateFunction;
  };
  const passThroughBody: FastifySchemaCompiler<unknown> = (route) => {
    if (route.httpPart === 'body') return () => true;
    return compile(route);
  };
  return { compile, passThroughBody };
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Checks a JSON answer against the operation's response schema in the contract. */
export function createResponseValidator(document: ContractDocument) {
  const ajv = newAjv(false);
  ajv.addSchema({ ...document, $id: 'contract' } as object);
  const pointers = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = (operation as { operationId?: string }).operationId;
      if (id) pointers.set(id, `contract#/paths/${escape(path)}/${method}/responses`);
    }
  }
  const cache = new Map<string, ValidateFunction | null>();
  return (operationId: string, status: number, body: unknown): string | null => {
    const key = `${operationId}:${status}`;
    let validate = cache.get(key);
    if (validate === undefined) {
      const base = pointers.get(operationId);
      const responses = (Object.values(document.paths).flatMap((item) => Object.values(item)) as Array<{
        operationId?: string;
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      }>).find((operation) => operation.operationId === operationId)?.responses;
      const hasJson = responses?.[String(status)]?.content?.['application/json']?.schema !== undefined;
      validate = base && hasJson ? ajv.compile({ $ref: `${base}/${status}/content/application~1json/schema` }) : null;
      cache.set(key, validate);
    }
    if (!validate) return null;
    if (validate(body)) return null;
    const issue = validate.errors?.[0];
    return issue ? `${issue.instancePath || '(root)'} ${issue.message ?? 'is invalid'}` : 'invalid';
  };
}
