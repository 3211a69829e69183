/**
 * Judges an HTTP answer against the contract, framework-free: is its status declared for the operation,
 * does its JSON body validate against that status's schema, is every error in the envelope with a code
 * the operation lists in `x-error-codes`, and does a response declared without content come back empty?
 *
 * ```ts
 * const check = createAnswerChecker(loadContract());
 * const problems = check({ operationId, status: 404, contentType: 'application/json', body: text });
 * ```
 * An empty list means the answer is inside the contract. Requests that match no operation are checked
 * with `operationId: null`: they must be an error in the envelope.
 */
import type { ContractDocument } from './document.ts';
import { resolveRef, type SchemaNode } from './schema-sample.ts';
import { createResponseValidator, newAjv } from './validation.ts';

export interface Answer {
  /** The operation the request was meant for, or null for a path the contract does not have. */
  operationId: string | null;
  status: number;
  contentType?: string;
  /** The body as received (text). */
  body: string;
}

interface DeclaredOperation {
  responses: Record<string, SchemaNode>;
  errorCodes: Set<string> | null;
}

function declaredOperations(document: ContractDocument): Map<string, DeclaredOperation> {
  const operations = new Map<string, DeclaredOperation>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as SchemaNode[]) {
      if (typeof operation?.operationId !== 'string') continue;
      const responses = Object.fromEntries(
        Object.entries((operation.responses ?? {}) as Record<string, unknown>).map(([status, response]) => [
          status,
          resolveRef(document, response),
        ]),
      );
      const codes = operation['x-error-codes'];
      operations.set(operation.operationId, {
        responses,
        errorCodes: Array.isArray(codes) ? new Set(codes as string[]) : null,
      });
    }
  }
  return operations;
}

export function createAnswerChecker(document: ContractDocument) {
  const operations = declaredOperations(document);
  const validateResponse = createResponseValidator(document);
  const ajv = newAjv(false);
  ajv.addSchema({ ...document, $id: 'contract' } as object);
  const validateEnvelope = ajv.compile({ $ref: 'contract#/components/schemas/ErrorResponse' });

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

  return (answer: Answer): string[] => {
    const { operationId, status, body } = answer;
    const isJson = (answer.contentType ?? '').startsWith('application/json');
    if (operationId === null) {
      if (status < 400) return [`a path the contract does not have answered ${status}`];
      return isJson ? envelopeProblems(body).problems : ['error answer is not JSON'];
    }
    const operation = operations.get(operationId);
    if (!operation) return [`unknown operation ${operationId}`];
    const declared =
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default;
    if (!declared) return [`status ${status} is not declared for ${operationId}`];
    const content = declared.content as Record<string, unknown> | undefined;
    if (!content) return body.length > 0 ? [`status ${status} of ${operationId} declares no body`] : [];
    if (status >= 400) {
      if (!isJson) return [`error ${status} of ${operationId} is not JSON`];
      const { problems, codes } = envelopeProblems(body);
      const unlisted = codes.filter((code) => operation.errorCodes && !operation.errorCodes.has(code));
      return [
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
      return problem ? [`${operationId} ${status} body: ${problem}`] : [];
    }
    return [];
  };
}
