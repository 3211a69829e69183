import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { type ContractDocument, pointerSegment } from './document.ts';
import { indexOperations } from './operations.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export function newAjv(coerceTypes: boolean | 'array'): Ajv2020 {
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

/**
 * Ajv instances for request parts: bodies are never coerced (a JSON body must carry the right types);
 * path, query and header values arrive as strings and are coerced to the schema's types.
 */
export function createRequestAjv() {
  return { body: newAjv(false), params: newAjv('array') };
}

/** Where a JSON answer departs from the contract: the JSON pointer into the body and why. */
export interface ResponseIssue {
  /** Pointer to the offending value (for a missing or unknown property: to that property). */
  pointer: string;
  /** Ajv's instance path: the object that holds the problem. */
  instancePath: string;
  message: string;
}

/** Checks a JSON answer against the operation's response schema in the contract. */
export function createResponseValidator(document: ContractDocument) {
  const findIssue = createResponseIssueFinder(document);
  return (operationId: string, status: number, body: unknown): string | null => {
    const issue = findIssue(operationId, status, body);
    return issue ? `${issue.instancePath || '(root)'} ${issue.message}` : null;
  };
}

type ResponseIssueFinder = (operationId: string, status: number, body: unknown) => ResponseIssue | null;

/**
 * One finder per document: the server's answer check, its call list and its validating proxy all check
 * answers against the same contract, and each Ajv instance with the contract added cost a start tens
 * of milliseconds (issue 23). A finder keeps no state between calls but its compiled validators.
 */
const finders = new WeakMap<ContractDocument, ResponseIssueFinder>();

/** Like createResponseValidator, with the issue's JSON pointer apart (for drift reports). */
export function createResponseIssueFinder(document: ContractDocument): ResponseIssueFinder {
  let finder = finders.get(document);
  if (!finder) {
    finder = newResponseIssueFinder(document);
    finders.set(document, finder);
  }
  return finder;
}

function newResponseIssueFinder(document: ContractDocument): ResponseIssueFinder {
  const ajv = newAjv(false);
  // The contract is linted on its own: Ajv need not check the whole document against the JSON Schema
  // meta-schema on every start as well (most of the cost of adding it, decision 0059).
  ajv.addSchema({ ...document, $id: 'contract' } as object, undefined, undefined, false);
  const index = indexOperations(document);
  const cache = new Map<string, ValidateFunction | null>();
  const validatorFor = (operationId: string, status: number): ValidateFunction | null => {
    const key = `${operationId}:${status}`;
    if (!cache.has(key)) {
      const pointer =
        index.get(operationId)?.responses[String(status)]?.content['application/json']?.schemaPointer;
      cache.set(key, pointer ? ajv.compile({ $ref: `contract${pointer}` }) : null);
    }
    return cache.get(key) ?? null;
  };
  return (operationId: string, status: number, body: unknown): ResponseIssue | null => {
    const validate = validatorFor(operationId, status);
    if (!validate || validate(body)) return null;
    const issue = validate.errors?.[0];
    const extra =
      issue?.keyword === 'additionalProperties'
        ? `/${pointerSegment(String((issue.params as { additionalProperty?: string }).additionalProperty))}`
        : issue?.keyword === 'required'
          ? `/${pointerSegment(String((issue.params as { missingProperty?: string }).missingProperty))}`
          : '';
    return {
      pointer: `${issue?.instancePath ?? ''}${extra}`,
      instancePath: issue?.instancePath ?? '',
      message: issue?.message ?? 'is invalid',
    };
  };
}
