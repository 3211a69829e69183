import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { createResponseValidator } from '@portal/contract/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerText, isCheckedBytes } from '../../lib/frozen-answers.ts';
import { redactUrl } from '../../lib/redact.ts';
import { bodyText, type RecordedCall, type SimulationCall } from './call-log.ts';

// Larger answers, and streams or buffers (only their status is checked), are checked at once rather
// than kept until the list is read.
const deferredCheckLimit = 64 * 1024;

/**
 * What breaks the contract in an answer: a status the operation does not declare, or a JSON body that
 * does not validate against the declared schema. Null when the answer is fine.
 */
export function createViolationCheck(document: ContractDocument) {
  const validate = createResponseValidator(document);
  const declared = new Map(
    indexOperations(document).operations.map((operation) => [
      operation.operationId,
      new Set(operation.statuses),
    ]),
  );
  return (operationId: string, status: number, contentType: string, payload: unknown): string | null => {
    const statuses = declared.get(operationId);
    if (!statuses) return null;
    if (!statuses.has(String(status)) && !statuses.has('default')) {
      return `status ${status} is not declared for ${operationId} (declared: ${[...statuses].join(', ')})`;
    }
    // A checked answer's bytes passed the contract for this operation and status when they were made.
    if (!contentType.includes('json') || typeof payload !== 'string' || payload === '') return null;
    try {
      return validate(operationId, status, JSON.parse(payload));
    } catch {
      return 'the body is not valid JSON';
    }
  };
}

export type ViolationCheck = ReturnType<typeof createViolationCheck>;

/**
 * The call-list entry of one answered request (taken in onSend, where the payload is known). What needs
 * the request and reply is read now; the entry itself is made when the list is read (call-log.ts),
 * except for large answers, which are checked at once rather than kept.
 */
export function describeCall(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  check: ViolationCheck,
): RecordedCall {
  const contentType = String(reply.getHeader('content-type') ?? '');
  // A file (a stream or bytes that are not JSON): only its status is checked and only its type shown, so
  // nothing of it is kept (a closure here would hold the payload) and the entry is made when listed.
  if (!contentType.includes('json'))
    return describeFile(request, reply, contentType, payload ? `(${contentType})` : null, check);
  const entry = callFacts(request, reply);
  const violation = () =>
    entry.operationId ? check(entry.operationId, entry.status, contentType, payload) : null;
  const describe = (checked: string | null): SimulationCall => ({
    ...entry.describe(checked),
    responseBody: bodyText(answerText(payload) ?? payload),
  });
  // A checked answer's bytes are remembered anyway: keeping them costs nothing, whatever their size.
  if ((typeof payload === 'string' && payload.length <= deferredCheckLimit) || isCheckedBytes(payload)) {
    return () => describe(violation());
  }
  // Not kept: a large answer is checked at once.
  return describe(violation());
}

/** A file's entry: its status checked when listed, its body shown as its type. */
function describeFile(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  responseBody: string | null,
  check: ViolationCheck,
): RecordedCall {
  const entry = callFacts(request, reply);
  return () => ({
    ...entry.describe(entry.operationId ? check(entry.operationId, entry.status, contentType, '') : null),
    responseBody,
  });
}

/** What the entry needs of the request and reply, read while they are at hand. */
function callFacts(request: FastifyRequest, reply: FastifyReply) {
  const operationId = request.routeOptions.config.operationId ?? null;
  const status = reply.statusCode;
  const { id, method, url } = request;
  const at = Date.now();
  const durationMs = Math.round(reply.elapsedTime);
  // By the declared type: the multipart reader (and its `isMultipart`) is registered for the uploads only.
  const requestBody = /^multipart\//i.test(request.headers['content-type'] ?? '')
    ? '(multipart form)'
    : bodyText(request.body);
  return {
    operationId,
    status,
    describe: (violation: string | null): Omit<SimulationCall, 'responseBody'> => ({
      id,
      at: new Date(at).toISOString(),
      method,
      path: redactUrl(url),
      operationId,
      status,
      durationMs,
      violation,
      requestBody,
    }),
  };
}
