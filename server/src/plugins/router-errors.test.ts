import { describe, expect, it } from 'vitest';
import { as, expectError, useTestApp } from '../../test/app.ts';

// Errors raised before or outside the contract's routes still use the one envelope and a declared status.
// Through `inject`: these addresses are sent to the router exactly as written.
const t = useTestApp();

const owner = as('owner@example.com');
const tooLong = 'A path segment is longer than 500 characters.';
const badEncoding = 'The address is not validly percent-encoded.';
const permissionsOf = (id: string) => `/api/v1/invitations/${id}/permissions`;

describe('router-level errors', () => {
  it.each([
    ['a bad percent-encoding', permissionsOf('%ff'), badEncoding],
    ['a cut-off percent-encoding', permissionsOf('%E0%A4%A'), badEncoding],
    ['a path parameter over the router limit (not 414)', permissionsOf('a'.repeat(600)), tooLong],
    ['an over-long segment of an unknown path, built web app or not', `/api/v1/${'x'.repeat(5000)}`, tooLong],
  ])('answers %s with 400 in the envelope', async (_label, url, message) => {
    const response = await t.app.inject({ method: 'GET', url, headers: owner });
    expectError(response, 400, 'VALIDATION_FAILED', message);
  });

  it('answers a path parameter over its schema limit with 400 naming the parameter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: permissionsOf('a'.repeat(120)),
      headers: owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });

  it('does not echo a long unknown path beyond 200 characters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      // Segments within the router's limit, 4,800 characters in all.
      url: `/api/v1/${`${'x'.repeat(400)}/`.repeat(12)}`,
      headers: owner,
    });
    expect(response.statusCode).toBe(404);
    const [error] = response.json().errors;
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message.length).toBeLessThan(230);
    expect(error.message).toMatch(/^There is no GET \/api\/v1\/x+… here\.$/);
  });

  it('answers an unknown address 404 whatever body it carries (no 413, no 415, no parser)', async () => {
    for (const [type, payload] of [
      ['application/json', `{"a":"${'x'.repeat(2_000_000)}"}`],
      ['application/json', '{"unparsable":'],
      ['text/plain', 'hello'],
      ['multipart/form-data; boundary=b', '--b\r\nbroken'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/nowhere',
        headers: { ...owner, 'content-type': type },
        payload,
      });
      expectError(response, 404, 'NOT_FOUND', 'There is no POST /api/v1/nowhere here.');
    }
  });

  it('answers HEAD errors without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/catalogue/%ff' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('');
  });
});
