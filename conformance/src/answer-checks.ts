import { createAnswerChecker as createContractChecker } from '@portal/contract/answers';
import type { ContractDocument } from '@portal/contract/document';
import type { Operation } from './contract-operations.ts';
import type { HttpAnswer } from './http-client.ts';

// What every answer must satisfy: the status the case expects, and what the contract says of any
// answer (a declared status, a body that validates, errors in the envelope with a listed code, the
// declared headers present and valid; judged by @portal/contract/answers).

export interface Expectation {
  /** Exact status, or a list of acceptable ones (e.g. 403 or 404 for another tenant's id). */
  status: number | number[];
  /** The error code the case is meant to produce. */
  code?: string;
}

/** The error code of an answer: the envelope's first, or a problem+json `code` member (RFC 9457). */
export const errorCodeOf = (body: unknown): string | undefined => {
  const answer = body as { errors?: Array<{ code?: unknown }>; code?: unknown } | undefined;
  const code = answer?.errors?.[0]?.code ?? answer?.code;
  return typeof code === 'string' ? code : undefined;
};

export function createAnswerChecker(document: ContractDocument) {
  const checkContract = createContractChecker(document);
  return (operation: Operation, answer: HttpAnswer, expected: Expectation): string[] => {
    const problems: string[] = [];
    const statuses = Array.isArray(expected.status) ? expected.status : [expected.status];
    const code = errorCodeOf(answer.json);
    if (!statuses.includes(answer.status)) {
      const shown = statuses.length > 4 ? `a declared ${String(statuses[0])[0]}xx` : statuses.join(' or ');
      problems.push(`expected status ${shown}, got ${answer.status}${code ? ` ${code}` : ''}`);
    }
    problems.push(
      ...checkContract({
        operationId: operation.operationId,
        status: answer.status,
        contentType: answer.contentType,
        // A HEAD answer has no body (RFC 9110): its status and headers are judged.
        body: operation.method === 'HEAD' ? '' : answer.text,
        headers: answer.headers,
      }),
    );
    if (expected.code && operation.method !== 'HEAD' && answer.status >= 400 && code !== expected.code) {
      problems.push(`expected error code ${expected.code}, got ${code ?? 'none'}`);
    }
    return problems;
  };
}
