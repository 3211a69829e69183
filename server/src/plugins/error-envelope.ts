import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseBusy,
  isDatabaseUnavailable,
} from '../db/unavailable.ts';
import { AppError, type ErrorCode } from '../lib/app-error.ts';

interface EnvelopeEntry {
  code: ErrorCode;
  message: string;
  requestId?: string;
  field?: string;
}

export function sendError(reply: FastifyReply, status: number, entry: EnvelopeEntry): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ errors: [entry] });
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** "body/legalName must NOT have more than 150 characters" reads better than Ajv's raw JSON. */
function describeValidation(
  context: string | undefined,
  issue: ValidationIssue,
): { message: string; field?: string } {
  const part = context ?? 'request';
  const params = issue.params as Record<string, unknown>;
  const pointer = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const field = pointer ? `${pointer}.${params.additionalProperty}` : params.additionalProperty;
    return { message: `${part} has an unknown property "${field}".`, field };
  }
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string') {
    const field = pointer ? `${pointer}.${params.missingProperty}` : params.missingProperty;
    return { message: `${part} is missing the required property "${field}".`, field };
  }
  if (issue.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return {
      message: `${part}${pointer ? `.${pointer}` : ''} must be one of: ${params.allowedValues.join(', ')}.`,
      field: pointer || undefined,
    };
  }
  return {
    message: `${part}${pointer ? `.${pointer}` : ''} ${issue.message ?? 'is invalid'}.`,
    field: pointer || undefined,
  };
}

/** The longest path segment the router matches; longer ones are refused before routing (400). */
export const maxPathParameterLength = 500;

/** "at least one of" (`anyOf` of `required`) reads as one sentence, not as its first branch's failure. */
function describeIssues(context: string | undefined, issues: readonly ValidationIssue[]) {
  if (issues.some((issue) => issue.keyword === 'anyOf')) {
    const names = issues
      .map((issue) => (issue.params as { missingProperty?: unknown }).missingProperty)
      .filter((name): name is string => typeof name === 'string');
    if (names.length > 1) {
      return {
        message: `${context ?? 'request'} needs at least one of ${names.map((n) => `"${n}"`).join(', ')}.`,
      };
    }
  }
  return describeValidation(context, issues[0] as ValidationIssue);
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Fastify's own client errors, reworded: their messages echo the URL or name internals. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this call accepts.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is missing.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The Content-Type of the request is not one this call accepts.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body.',
  FST_ERR_BAD_URL: 'The address is not validly percent-encoded.',
  FST_ERR_MAX_PARAM_LENGTH: `A path segment is longer than ${maxPathParameterLength} characters.`,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data.',
};

function clientError(error: FastifyError): { status: number; message: string } | null {
  const known = error.code ? frameworkMessages[error.code] : undefined;
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL') {
    // Before routing: no operation is known, and every operation with path parameters declares 400.
    return { status: 400, message: known ?? 'The address is not valid.' };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: known ?? 'The request was not accepted.' };
  return null;
}

/** The address as echoed in a 404: without the query, cut short so the envelope's message stays bounded. */
const shortPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
};

/** The one answer to an address the contract does not have (x-unmatched). */
export const unknownAddress = (request: FastifyRequest) => ({
  code: 'NOT_FOUND' as const,
  message: `There is no ${request.method} ${shortPath(request.url)} here.`,
});

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (bad percent-encoding, an over-long
 * path segment) go through the same envelope as everything else.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const failure = clientError(error) ?? { status: 400, message: 'The address is not valid.' };
  return sendError(reply, failure.status, { code: 'VALIDATION_FAILED', message: failure.message });
}

/**
 * Sign-in is a browser navigation, not an XHR call: a person would see the raw JSON of a failure.
 * They go back to the login page instead, which explains it and shows the request id (the contract's
 * 302 to `/login?error=unavailable|failed`). Calls made by scripts still get the envelope.
 */
function signInFailurePage(request: FastifyRequest, status: number): string | null {
  const navigation = request.headers['sec-fetch-mode'] === 'navigate';
  if (!navigation || request.method !== 'GET' || !request.url.startsWith('/api/v1/login')) return null;
  const error = status >= 500 || status === 429 ? 'unavailable' : 'failed';
  return `/login?${new URLSearchParams({ error, requestId: String(request.id) }).toString()}`;
}

async function errorEnvelope(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const failurePage = signInFailurePage(request, error.statusCode ?? 500);
    if (failurePage) {
      request.log.warn(
        { err: error, requestId: request.id },
        'sign-in failed before the provider was reached',
      );
      return reply.redirect(failurePage, 302);
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        // Every INTERNAL_ERROR (also a simulated one) carries the request id support looks up in the log.
        ...(error.code === 'INTERNAL_ERROR' ? { requestId: String(request.id) } : {}),
      });
    }
    if (error.validation && error.validation.length > 0) {
      const { message, field } = describeIssues(error.validationContext, error.validation);
      return sendError(reply, 400, { code: 'VALIDATION_FAILED', message, ...(field ? { field } : {}) });
    }
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') {
      // The static files' refusal of a path that is not canonical (`//`, `.`, `..`): an unknown address.
      return sendError(reply, 404, unknownAddress(request));
    }
    const failure = clientError(error);
    if (failure?.status === 401) {
      return sendError(reply, 401, { code: 'UNAUTHENTICATED', message: 'You need to sign in to do this.' });
    }
    if (failure) {
      return sendError(reply, failure.status, {
        code: statusCodes[failure.status] ?? 'VALIDATION_FAILED',
        message: failure.message,
      });
    }
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable || isDatabaseBusy(error)) {
      request.log.warn({ err: error }, unavailable ? 'database unavailable' : 'database busy');
      const wait = unavailable ? DATABASE_RETRY_AFTER_SECONDS : DATABASE_BUSY_RETRY_AFTER_SECONDS;
      reply.header('retry-after', String(wait));
      return sendError(reply, 503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is unavailable for a moment. Please try again in a few seconds.',
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, {
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again later.',
      requestId: String(request.id),
    });
  });
}

export const errorEnvelopePlugin = fp(errorEnvelope, { name: 'error-envelope', fastify: '5.x' });
