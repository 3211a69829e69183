import { createRequestAjv } from '@portal/contract/validation';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySchemaValidationError, FastifySerializerCompiler } from 'fastify';

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

type Validator = ((data: unknown, context?: unknown) => boolean) & {
  errors?: FastifySchemaValidationError[] | null;
  schemaEnv?: unknown;
};

/**
 * Fastify schema compilers over the contract's Ajv settings (see @portal/contract/validation) and
 * fast-json-stringify, which build each route's request validators and answer serialisers on first use
 * or when `compileAll` runs, not when the route is added: compiling every operation's several hundred
 * parts was about a quarter of the server's start (decision 0072). The app compiles the rest in the
 * background once it is ready (`compileInBackground`); `plugins/contract.test.ts` compiles them all.
 */
export function createRequestCompilers() {
  const ajv = createRequestAjv();
  const pending = new Set<() => unknown>();
  /** A function that builds the real one on its first call (or from `compileAll`), then calls it. */
  const onFirstUse = <F extends (...args: never[]) => unknown>(build: () => F) => {
    let built: F | undefined;
    const ensure = (): F => {
      if (!built) {
        built = build();
        pending.delete(ensure);
      }
      return built;
    };
    pending.add(ensure);
    return ensure;
  };
  const compile: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const instance = httpPart === 'body' ? ajv.body : ajv.params;
    const normalised = httpPart === 'headers' ? lowerCaseHeaders(schema as object) : schema;
    const ensure = onFirstUse(() => instance.compile(normalised as object) as Validator);
    // Fastify reads `errors` off the function it called, and hands Ajv's functions (`schemaEnv`) the
    // parent of the value so a coerced root value can be replaced.
    const validate: Validator = (data, context) => {
      const real = ensure();
      const valid = real(data, context);
      validate.errors = real.errors;
      return valid;
    };
    validate.schemaEnv = true;
    return validate;
  };
  const passThroughBody: FastifySchemaCompiler<unknown> = (route) => {
    if (route.httpPart === 'body') return () => true;
    return compile(route);
  };
  // What Fastify's default serialiser compiler does (no shared schemas: the route schemas are inlined).
  const serialize: FastifySerializerCompiler<unknown> = ({ schema }) => {
    const ensure = onFirstUse(() => fastJsonStringify(schema as object, { schema: {} }));
    return (data: unknown) => ensure()(data as never);
  };
  /** Builds every validator and serialiser not built yet; throws what a broken schema throws. */
  const compileAll = (): number => {
    let count = 0;
    for (const build of [...pending]) {
      build();
      count += 1;
    }
    return count;
  };
  /**
   * Builds what is left a few at a time between calls, so the first call of each operation finds them
   * built; a schema that fails is reported and left to fail on its call. Stops at `stop()`.
   */
  const compileInBackground = (report: (error: unknown) => void) => {
    let stopped = false;
    const step = () => {
      const deadline = performance.now() + 5;
      for (const build of pending) {
        if (stopped) return;
        try {
          build();
        } catch (error) {
          pending.delete(build);
          report(error);
        }
        if (performance.now() > deadline) break;
      }
      if (pending.size > 0 && !stopped) setImmediate(step).unref();
    };
    setImmediate(step).unref();
    return {
      stop: () => {
        stopped = true;
      },
    };
  };
  return { compile, passThroughBody, serialize, compileAll, compileInBackground };
}

export type RequestCompilers = ReturnType<typeof createRequestCompilers>;
