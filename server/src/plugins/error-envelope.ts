import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

const statusCodes: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
  415: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

async function errorEnvelope(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0] as ValidationIssue;
      const { message, field } = describeValidation(error.validationContext, first);
      return sendError(reply, 400, { code: 'VALIDATION_FAILED', message, ...(field ? { field } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 401) {
      return sendError(reply, 401, { code: 'UNAUTHENTICATED', message: 'You need to sign in to do this.' });
    }
    if (status === 429) {
      return sendError(reply, 429, {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a minute and try again.',
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large) carry safe messages.
      return sendError(reply, status, {
        code: statusCodes[status] ?? 'VALIDATION_FAILED',
        message: error.message,
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
