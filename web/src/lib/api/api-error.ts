import type { components } from '@portal/contract/schema';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorResponse = components['schemas']['ErrorResponse'];

/** An error answer of the API with its HTTP status, for calls made with the client directly. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: unknown) {
    const code = errorCodeOf(body);
    super(code ? `API error ${status} ${code}` : `API error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = requestIdOf(body);
  }
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null || !('errors' in value)) return false;
  const { errors } = value;
  return Array.isArray(errors) && errors.length > 0;
}

/**
 * The error code of a failed call: `errors[0].code` of the error envelope (what the
 * openapi-react-query hooks throw), or the code of an `ApiError`. Undefined for network failures.
 */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (error instanceof ApiError) return error.code;
  if (isErrorResponse(error)) return error.errors[0]?.code;
  return undefined;
}

/**
 * A call refused because the session has ended (401: logout in another tab, expiry). The shell says
 * so once, in its own words (app/shell/session-lost-listener.tsx), and goes to sign-in: the call's own
 * failure message would be a second, misleading one.
 */
export function sessionEnded(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return errorCodeOf(error) === 'UNAUTHENTICATED';
}

/** The request id the server put in the envelope (to quote to support), when it sent one. */
export function requestIdOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.requestId;
  if (isErrorResponse(error)) return error.errors.find((item) => item.requestId)?.requestId;
  return undefined;
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** Unwraps an openapi-fetch result: the data, or an `ApiError` carrying status and code. */
export async function unwrap<T>(result: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await result;
  if (!response.ok) throw new ApiError(response.status, error);
  return data as T;
}
