import type { IncomingMessage } from 'node:http';
import type { ContractOperation } from '@portal/contract/operations';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { AppError } from './app-error.ts';

/** A body that was ignored (an operation without one, an unknown path): its length as announced. */
const ignoredBodyLength = Symbol('ignoredBodyLength');

type RawRequest = IncomingMessage & { [ignoredBodyLength]?: number };

/**
 * The body of this request will not be read: Fastify must not see its headers (so no parser runs);
 * plugins/connections.ts drops or closes it after the answer, within its bounds.
 */
export function ignoreBody(raw: IncomingMessage): void {
  (raw as RawRequest)[ignoredBodyLength] = announcedLength(raw);
  delete raw.headers['content-type'];
  delete raw.headers['content-length'];
  delete raw.headers['transfer-encoding'];
}

/** Bytes of body the request announced: 0 without one, Infinity when chunked (unknown length). */
export function announcedLength(raw: IncomingMessage): number {
  const ignored = (raw as RawRequest)[ignoredBodyLength];
  if (ignored !== undefined) return ignored;
  if (raw.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY;
  const length = Number(raw.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length >= 0 ? length : Number.POSITIVE_INFINITY;
}

/** What the contract says about an operation's request body. */
export interface DeclaredBody {
  required: boolean;
  /** Declared media types, e.g. `application/json`, `multipart/form-data`. */
  mediaTypes: readonly string[];
}

export function declaredBody(operation: ContractOperation): DeclaredBody | null {
  const body = operation.requestBody;
  if (!body) return null;
  return { required: body.required, mediaTypes: Object.keys(body.content) };
}

/** Whether the request says a body follows its head (chunked, or a length above 0). */
export const hasPayload = (request: Pick<FastifyRequest, 'headers'>) => {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`. */
const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() || null;

/** Quoted in messages, cut short: the header is the client's text and the envelope's message is bounded. */
const quoted = (value: string) => `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;

/**
 * Runs before Fastify picks a body parser, so the contract decides what a body may be: a declared body
 * in another media type is a 415, a required body that is missing is a 400, multipart needs its boundary.
 * An operation that declares no body ignores whatever was sent (the parsers never see it).
 */
export function requestBodyGuard(declared: DeclaredBody | null): preParsingHookHandler {
  // A callback hook, not an async one: no promise per request (decision 0150).
  return (request, _reply, payload, done) => {
    let problem: AppError | undefined;
    try {
      problem = bodyProblem(declared, request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (problem) done(problem);
    else done(null, payload);
  };
}

/** Why the request's body cannot go to its operation, or undefined when it can (or there is none). */
function bodyProblem(declared: DeclaredBody | null, request: FastifyRequest): AppError | undefined {
  const header = request.headers['content-type'];
  if (!declared) {
    // Nothing to parse: the handler never reads a body, so an odd one cannot fail the call (what
    // arrives is dropped after the answer, plugins/connections.ts).
    ignoreBody(request.raw);
    return undefined;
  }
  if (!hasPayload(request)) {
    return declared.required
      ? new AppError(400, 'VALIDATION_FAILED', 'The request body is missing.')
      : undefined;
  }
  const type = mediaTypeOf(header);
  const allowed = declared.mediaTypes.join(' or ');
  if (!type || !declared.mediaTypes.includes(type)) {
    const sent = type ? `was sent as ${quoted(type)}` : 'has no Content-Type';
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `This call takes ${allowed}; the body ${sent}.`);
  }
  if (type === 'multipart/form-data' && !/;\s*boundary=[^;\s]/i.test(header ?? '')) {
    return new AppError(400, 'VALIDATION_FAILED', 'The multipart body has no boundary in its Content-Type.');
  }
  return undefined;
}
