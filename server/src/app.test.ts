import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.ts';

describe('the reference server skeleton', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health and the branding configuration', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json()).toMatchObject({
      productName: 'Data Act Portal',
      devMode: true,
      defaultLanguage: 'en',
    });
  });

  it('answers an unknown /api/v1 path with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      errors: [{ code: 'NOT_FOUND', message: 'There is no GET /api/v1/nothing/here here.' }],
    });
  });

  it('refuses a state-changing call from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/download',
      headers: { ...as('owner@example.com'), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CSRF_REJECTED');
  });

  it('answers 401 in the envelope before validating anything when nobody is signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      errors: [{ code: 'UNAUTHENTICATED', message: 'You need to sign in to do this.' }],
    });
  });

  it('serves the contract as a browsable API reference', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.json().info.title).toBe('Data Act Portal API');
  });
});
