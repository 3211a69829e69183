import type { ContractDocument } from '@portal/contract/document';
import { createResponseValidator } from '@portal/contract/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../lib/redact.ts';
import { bodyText } from './call-log.ts';

/**
 * What breaks the contract in an answer: a status the operation does not declare, or a JSON body that
 * does not validate against the declared schema. Null when the answer is fine.
 */
export function createViolationCheck(document: ContractDocument) {
  const validate = createResponseValidator(document);
  const declared = new Map<string, Set<string>>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as { operationId?: string; responses?: object }[]) {
      if (operation.operationId && operation.responses) {
        declared.set(operation.operationId, new Set(Object.keys(operation.responses)));
      }
    }
  }
  return (operationId: string, status: number, contentType: string, payload: unknown): string | null => {
    const statuses = declared.get(operationId);
    if (!statuses) return null;
    if (!statuses.has(String(status)) && !statuses.has('default')) {
      return `status ${status} is not declared for ${operationId} (declared: ${[...statuses].join(', ')})`;
    }
    if (!contentType.includes('json') || typeof payload !== 'string' || payload === '') return null;
    try {
      return validate(operationId, status, JSON.parse(payload));
    } catch {
      return 'the body is not valid JSON';
    }
  };
}

export type ViolationCheck = ReturnType<typeof createViolationCheck>;

/** The call-list entry of one answered request (taken in onSend, where the payload is known). */
export function describeCall(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  check: ViolationCheck,
) {
  const operationId = request.routeOptions.config.operationId ?? null;
  const contentType = String(reply.getHeader('content-type') ?? '');
  const violation = operationId ? check(operationId, reply.statusCode, contentType, payload) : null;
  return {
    id: request.id,
    at: new Date().toISOString(),
    method: request.method,
    path: redactUrl(request.url),
    operationId,
    status: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime),
    violation,
    requestBody: request.isMultipart() ? '(multipart form)' : bodyText(request.body),
    responseBody: contentType.includes('json') ? bodyText(payload) : payload ? `(${contentType})` : null,
  };
}
