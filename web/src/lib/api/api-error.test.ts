import { describe, expect, it } from 'vitest';
import { ApiError, errorCodeOf, requestIdOf, unwrap } from './api-error.ts';

describe('api errors', () => {
  it('reads errors[0].code from an error envelope (what the query hooks throw)', () => {
    const body = {
      errors: [
        { code: 'INVALID_INVITATION_STATE', message: 'x' },
        { code: 'NOT_FOUND', message: 'y' },
      ],
    };
    expect(errorCodeOf(body)).toBe('INVALID_INVITATION_STATE');
  });

  it('reads the code of an ApiError', () => {
    const error = new ApiError(403, { errors: [{ code: 'REVOKE_FORBIDDEN', message: 'no' }] });
    expect(errorCodeOf(error)).toBe('REVOKE_FORBIDDEN');
  });

  it('has no code for network failures or odd bodies', () => {
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(errorCodeOf({ errors: [] })).toBeUndefined();
    expect(errorCodeOf('boom')).toBeUndefined();
  });

  it('reads the request id to quote to support from an envelope or an ApiError, none for other failures', () => {
    const body = { errors: [{ code: 'INTERNAL_ERROR', message: 'x', requestId: 'req-7f3a9c' }] };
    expect(requestIdOf(body)).toBe('req-7f3a9c');
    expect(requestIdOf(new ApiError(500, body))).toBe('req-7f3a9c');
    expect(requestIdOf({ errors: [{ code: 'NOT_FOUND', message: 'y' }] })).toBeUndefined();
    expect(requestIdOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('unwrap returns the data or throws an ApiError with the status', async () => {
    const ok = new Response('{}', { status: 200 });
    await expect(unwrap(Promise.resolve({ data: { a: 1 }, response: ok }))).resolves.toEqual({ a: 1 });
    const failed = new Response('{}', { status: 409 });
    const body = { errors: [{ code: 'TERMS_NOT_PENDING', message: 'x' }] };
    await expect(unwrap(Promise.resolve({ error: body, response: failed }))).rejects.toMatchObject({
      status: 409,
      code: 'TERMS_NOT_PENDING',
    });
  });
});
