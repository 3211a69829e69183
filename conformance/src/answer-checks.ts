import type { ContractDocument } from '@portal/contract/document';
import { createResponseIssueFinder } from '@portal/contract/validation';
import type { Operation } from './contract-operations.ts';
import type { HttpAnswer } from './http-client.ts';

// What every answer must satisfy: a status the operation declares (and the one the case expects),
// a body that validates against the contract, and errors in the one envelope with a declared code.

export interface Expectation {
  /** Exact status, or a list of acceptable ones (e.g. 403 or 404 for another tenant's id). */
  status: number | number[];
  /** The error code the case is meant to produce. */
  code?: string;
}

const pointerValue = (body: unknown, pointer: string): unknown => {
  let current = body;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    current = (current as Record<string, unknown> | undefined)?.[segment];
  }
  return current;
};

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

export function createAnswerChecker(document: ContractDocument) {
  const findIssue = createResponseIssueFinder(document);
  return (operation: Operation, answer: HttpAnswer, expected: Expectation): string[] => {
    const problems: string[] = [];
    const statuses = Array.isArray(expected.status) ? expected.status : [expected.status];
    if (!statuses.includes(answer.status)) {
      const code = errorCodeOf(answer.json);
      problems.push(
        `expected status ${statuses.join(' or ')}, got ${answer.status}${code ? ` ${code}` : ''}`,
      );
    }
    if (!operation.statuses.includes(String(answer.status)) && !operation.statuses.includes('default')) {
      problems.push(`status ${answer.status} is not declared for ${operation.operationId}`);
    }
    // A HEAD answer has no body (RFC 9110), so its errors carry no envelope.
    if (answer.status >= 400 && operation.method !== 'HEAD') {
      problems.push(...envelopeProblems(operation, answer, expected.code));
    } else if (answer.contentType.includes('json') && answer.json === undefined && answer.text) {
      problems.push('body is not valid JSON');
    }
    if (answer.json !== undefined && operation.statuses.includes(String(answer.status))) {
      const issue = findIssue(operation.operationId, answer.status, answer.json);
      if (issue) {
        const value = pointerValue(answer.json, issue.pointer);
        problems.push(`body ${issue.pointer || '/'} ${issue.message} (value: ${show(value)})`);
      }
    }
    return problems;
  };
}

export const errorCodeOf = (body: unknown): string | undefined =>
  (body as { errors?: Array<{ code?: string }> } | undefined)?.errors?.[0]?.code;

function envelopeProblems(operation: Operation, answer: HttpAnswer, code: string | undefined): string[] {
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) {
    return [
      `error answer is not the envelope {"errors":[{"code","message"}]}: ${show(answer.text.slice(0, 60))}`,
    ];
  }
  const problems: string[] = [];
  for (const error of errors as Array<Record<string, unknown>>) {
    if (typeof error.code !== 'string' || typeof error.message !== 'string') {
      problems.push(`error ${show(error)} lacks a string code and message`);
    } else if (operation.errorCodes.length > 0 && !operation.errorCodes.includes(error.code)) {
      problems.push(`error code ${error.code} is not listed in x-error-codes of ${operation.operationId}`);
    }
  }
  const first = errorCodeOf(answer.json);
  if (code && first !== code) problems.push(`expected error code ${code}, got ${first ?? 'none'}`);
  return problems;
}
