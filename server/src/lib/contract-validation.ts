import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { createRequestAjv } from '@portal/contract/validation';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

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
  // Each validator is compiled by Ajv on the route's first request, not when the server starts: a start
  // compiled several hundred (every part of every operation), most of which a run never uses.
  const compile: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const instance = httpPart === 'body' ? ajv.body : ajv.params;
    const normalised = httpPart === 'headers' ? lowerCaseHeaders(schema as object) : schema;
    let compiled: ValidateFunction | undefined;
    // Fastify reads `errors` from the function it was given, as from Ajv's own.
    const validate = (data: unknown) => {
      compiled ??= instance.compile(normalised as object);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  };
  const passThroughBody: FastifySchemaCompiler<unknown> = (route) => {
    if (route.httpPart === 'body') return () => true;
    return compile(route);
  };
  return { compile, passThroughBody, serialize: lazySerializerCompiler() };
}

/**
 * Fastify's own answer serialisers (fast-json-stringify from the contract's response schemas), each
 * built on the first answer with its status rather than when the server starts.
 */
function lazySerializerCompiler(): FastifySerializerCompiler<unknown> {
  const build = SerializerSelector()({}, {});
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => {
      serialize ??= build({ ...route, httpStatus: route.httpStatus ?? '' });
      return serialize(data);
    };
  };
}
