import { createRequestAjv } from '@portal/contract/validation';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifySchemaCompiler } from 'fastify';

/** Fastify schema compilers over the contract's Ajv settings (see @portal/contract/validation). */
export function createRequestCompilers() {
  const ajv = createRequestAjv();
  const compile: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const instance = httpPart === 'body' ? ajv.body : ajv.params;
    return instance.compile(schema as object) as ValidateFunction;
  };
  const passThroughBody: FastifySchemaCompiler<unknown> = (route) => {
    if (route.httpPart === 'body') return () => true;
    return compile(route);
  };
  return { compile, passThroughBody };
}
