import { createRequestAjv } from '@portal/contract/validation';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Node lower-cases incoming header names; the contract spells them `Idempotency-Key`. Fastify only
 * lower-cases a header schema for its own compiler, so ours does it (else the header goes unchecked).
 */
function lowerCaseHeaders(schema: { properties?: Record<string, unknown>; required?: string[] }) {
  return {
    ...schema,
    ...(schema.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(schema.properties).map(([name, value]) => [name.toLowerCase(), value]),
          ),
        }
      : {}),
    ...(schema.required ? { required: schema.required.map((name) => name.toLowerCase()) } : {}),
  };
}

/** Fastify schema compilers over the contract's Ajv settings (see @portal/contract/validation). */
export function createRequestCompilers() {
  const ajv = createRequestAjv();
  const compile: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const instance = httpPart === 'body' ? ajv.body : ajv.params;
    const normalised = httpPart === 'headers' ? lowerCaseHeaders(schema as object) : schema;
    return instance.compile(normalised as object) as ValidateFunction;
  };
  const passThroughBody: FastifySchemaCompiler<unknown> = (route) => {
    if (route.httpPart === 'body') return () => true;
    return compile(route);
  };
  return { compile, passThroughBody };
}
