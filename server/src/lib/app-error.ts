import type { components } from '@portal/contract/schema';

export type ErrorCode = components['schemas']['ErrorCode'];

/** A failure the client caused or may act on; answered as the error envelope with its status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly field?: string;

  constructor(statusCode: number, code: ErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
  }

  /** Extra answer headers, such as `Retry-After` on a 429. */
  headers: Record<string, string> = {};

  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'You need to sign in to do this.');
export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'The requested resource was not found.') =>
  new AppError(404, code, message);
export const forbidden = (code: ErrorCode = 'FORBIDDEN', message = "You don't have permission to do this.") =>
  new AppError(403, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const badRequest = (code: ErrorCode, message: string, field?: string) =>
  new AppError(400, code, message, field);
