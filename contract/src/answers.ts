/**
 * Judges an HTTP answer against the contract, framework-free: is its status declared for the operation,
 * does its JSON body validate against that status's schema, is every error in the envelope with a code
 * the operation lists in `x-error-codes`, does a response declared without content come back empty,
 * and (when the answer's headers are given) is every header the status declares `required` present and
 * every declared header that is present valid against its schema?
 *
 * ```ts
 * const check = createAnswerChecker(loadContract());
 * const problems = check({ operationId, status: 404, contentType: 'application/json', body: text });
 * ```
 * An empty list means the answer is inside the contract. Requests that match no operation are checked
 * with `operationId: null`: against what the contract's `x-unmatched` declares (statuses and codes), or
 * as any error in the envelope when it declares nothing.
 */
import type { ContractDocument } from './document.ts';
import { type ContractResponse, indexOperations, type OperationIndex } from './operations.ts';
import { createResponseValidator, newAjv } from './validation.ts';

export interface Answer {
  /** The operation the request was meant for, or null for a path the contract does not have. */
  operationId: string | null;
  status: number;
  contentType?: string;
  /** The body as received (text). */
  body: string;
  /** The request's method: an answer to `HEAD` is judged without a body. */
  method?: string;
  /**
   * The answer's headers (any case, `Headers` or a plain record as Node and Fastify's inject give them).
   * Without them the declared response headers are not judged.
   */
  headers?: Headers | Record<string, string | string[] | number | undefined>;
}

type HeaderValues = (name: string) => string[];

/** `Application/Problem+JSON; charset=utf-8` → `application/problem+json`. */
const mediaTypeOf = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
/** JSON, with the structured syntax suffix too (RFC 6839): `application/problem+json`. */
const isJsonType = (type: string) => type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);

function headerReader(headers: NonNullable<Answer['headers']>): HeaderValues {
  if (typeof (headers as Headers).get === 'function') {
    const fetched = headers as Headers;
    return (name) => {
      if (name === 'set-cookie') return fetched.getSetCookie();
      const value = fetched.get(name);
      return value === null ? [] : [value];
    };
  }
  const lowered = new Map(
    Object.entries(headers as Record<string, unknown>).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return (name) => {
    const value = lowered.get(name);
    if (value === undefined || value === null) return [];
    return Array.isArray(value) ? value.map(String) : [String(value)];
  };
}

/** How answers to requests that reach no operation are named in problems. */
const unmatchedLabel = 'a request that reaches no operation';

/** Where an answer's headers depart from what its status declares: the header, its value, and why. */
export interface HeaderIssue {
  /** The header's name as the contract writes it. */
  header: string;
  value?: string;
  message: string;
}

function createHeaderIssueFinder(index: OperationIndex) {
  // Header values arrive as text: `X-Total-Count: 12` is the integer 12, as for query parameters.
  const ajv = newAjv(true);
  const validators = new Map<object, (value: string) => string | null>();
  const validatorFor = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) {
      const compiled = ajv.compile(schema);
      // Ajv coerces a top-level value for the check (the coerced copy is not needed).
      validate = (value) => (compiled(value) ? null : (compiled.errors?.[0]?.message ?? 'is not valid'));
      validators.set(schema, validate);
    }
    return validate;
  };
  return (operationId: string, status: number, headers: NonNullable<Answer['headers']>): HeaderIssue[] => {
    const declared = index.response(operationId, status)?.headers ?? [];
    if (declared.length === 0) return [];
    const valuesOf = headerReader(headers);
    const issues: HeaderIssue[] = [];
    for (const header of declared) {
      const name = header.name;
      const values = valuesOf(name.toLowerCase());
      if (values.length === 0) {
        if (header.required)
          issues.push({
            header: name,
            message: `${operationId} ${status} lacks the required header ${name}`,
          });
        continue;
      }
      if (!header.schema) continue;
      const validate = validatorFor(header.schema);
      for (const value of values) {
        const problem = validate(value);
        if (problem)
          issues.push({
            header: name,
            value,
            message: `${operationId} ${status} header ${name}: ${JSON.stringify(value)} ${problem}`,
          });
      }
    }
    return issues;
  };
}

/** Judges only the headers of an answer (the validating proxy reports them apart, by header). */
export function createHeaderChecker(document: ContractDocument) {
  return createHeaderIssueFinder(indexOperations(document));
}

export function createAnswerChecker(document: ContractDocument) {
  const index = indexOperations(document);
  const validateResponse = createResponseValidator(document);
  const ajv = newAjv(false);
  ajv.addSchema({ ...document, $id: 'contract' } as object);
  const validateEnvelope = ajv.compile({ $ref: 'contract#/components/schemas/ErrorResponse' });
  const findHeaderIssues = createHeaderIssueFinder(index);

  const envelopeProblems = (body: string): { problems: string[]; codes: string[] } => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { problems: [`error body is not JSON: ${body.slice(0, 80)}`], codes: [] };
    }
    if (!validateEnvelope(parsed)) {
      const issue = validateEnvelope.errors?.[0];
      return {
        problems: [`error body is not the envelope: ${issue?.instancePath || '(root)'} ${issue?.message}`],
        codes: [],
      };
    }
    const codes = (parsed as { errors: Array<{ code: string }> }).errors.map((entry) => entry.code);
    return { problems: [], codes };
  };

  const bodyProblems = (
    answer: Answer & { operationId: string },
    declared: ContractResponse,
    errorCodes: string[] | null,
  ): string[] => {
    const { operationId, status, body } = answer;
    const type = mediaTypeOf(answer.contentType);
    const isJson = isJsonType(type);
    const content = declared.content;
    // An answer to HEAD never has a body, whatever its status declares for GET-like calls.
    if (answer.method?.toUpperCase() === 'HEAD')
      return body.length > 0 ? ['an answer to HEAD has a body'] : [];
    if (Object.keys(content).length === 0)
      return body.length > 0 ? [`status ${status} of ${operationId} declares no body`] : [];
    // An answer in a media type the status does not declare (problem+json where application/json is).
    const otherType =
      body.length > 0 && !content[type]
        ? [
            `${status} of ${operationId} is ${type || 'sent without a content type'}; the contract declares ${Object.keys(content).join(', ')}`,
          ]
        : [];
    if (status >= 400) {
      if (!isJson) return [`error ${status} of ${operationId} is not JSON`, ...otherType];
      const { problems, codes } = envelopeProblems(body);
      const unlisted = codes.filter((code) => errorCodes && !errorCodes.includes(code));
      return [
        ...otherType,
        ...problems,
        ...unlisted.map((code) => `code ${code} is not in ${operationId}'s x-error-codes`),
      ];
    }
    if (content['application/json'] && isJson) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return [`${operationId} ${status} body is not JSON`];
      }
      const problem = validateResponse(operationId, status, parsed);
      return [...otherType, ...(problem ? [`${operationId} ${status} body: ${problem}`] : [])];
    }
    return otherType;
  };

  return (answer: Answer): string[] => {
    const { operationId, status, body } = answer;
    if (operationId === null) {
      if (status < 400) return [`a path the contract does not have answered ${status}`];
      if (index.unmatched) {
        // `x-unmatched` declares these answers like an operation's (statuses, codes).
        const response = index.unmatchedResponse(status);
        if (!response) return [`status ${status} is not declared for ${unmatchedLabel} (x-unmatched)`];
        return bodyProblems({ ...answer, operationId: unmatchedLabel }, response, index.unmatched.errorCodes);
      }
      return isJsonType(mediaTypeOf(answer.contentType))
        ? envelopeProblems(body).problems
        : ['error answer is not JSON'];
    }
    const operation = index.get(operationId);
    if (!operation) return [`unknown operation ${operationId}`];
    const declared = index.response(operationId, status);
    if (!declared) return [`status ${status} is not declared for ${operationId}`];
    const headerIssues = answer.headers ? findHeaderIssues(operationId, status, answer.headers) : [];
    return [
      ...bodyProblems({ ...answer, operationId }, declared, operation.errorCodes),
      ...headerIssues.map((issue) => issue.message),
    ];
  };
}
