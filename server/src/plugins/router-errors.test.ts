import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.ts';

// Errors raised before or outside the contract's routes still use the one envelope and a declared status.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const owner = as('owner@example.com');

describe('router-level errors', () => {
  it('answers a bad percent-encoding with 400 in the envelope', async () => {
    for (const url of ['/api/v1/invitations/%ff/permissions', '/api/v1/invitations/%E0%A4%A/permissions']) {
      const response = await t.app.inject({ method: 'GET', url, headers: owner });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ code: 'VALIDATION_FAILED', message: 'The address is not validly percent-encoded.' }],
      });
    }
  });

  it('answers a path parameter over the router limit with 400 (not 414) in the envelope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invitations/${'a'.repeat(600)}/permissions`,
      headers: owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'VALIDATION_FAILED', message: 'A path segment is longer than 500 characters.' }],
    });
  });

  it('answers an over-long segment of an unknown path with the same 400, built web app or not', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/${'x'.repeat(5000)}`,
      headers: owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('A path segment is longer than 500 characters.');
  });

  it('answers a path parameter over its schema limit with 400 naming the parameter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invitations/${'a'.repeat(120)}/permissions`,
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

  it('answers HEAD errors without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/catalogue/%ff' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('');
  });
});
