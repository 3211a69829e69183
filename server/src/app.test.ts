import { loadContract } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import { describe, expect, it, vi } from 'vitest';
import { as, expectError, useTestApp } from '../test/app.ts';
import { createRoutes } from './routes/index.ts';
import { simulatorRoutes } from './simulator/index.ts';

describe('the reference server skeleton', () => {
  const t = useTestApp();

  it('answers health and the branding configuration', async () => {
    const health = await t.call('GET', '/api/v1/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const config = await t.call('GET', '/api/v1/config');
    expect(config.json()).toMatchObject({
      productName: 'Data Act Portal',
      devMode: true,
      defaultLanguage: 'en',
    });
  });

  it('answers an unknown /api/v1 path with 404 in the envelope', async () => {
    const response = await t.call('GET', '/api/v1/nothing/here');
    expectError(response, 404, 'NOT_FOUND', 'There is no GET /api/v1/nothing/here here.');
  });

  it('refuses a state-changing call from another site', async () => {
    const response = await t.call('POST', '/api/v1/products/download', {
      ...as('owner@example.com'),
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expectError(response, 403, 'CSRF_REJECTED');
  });

  it('answers 401 in the envelope before validating anything when nobody is signed in', async () => {
    const response = await t.call('GET', '/api/v1/products');
    expectError(response, 401, 'UNAUTHENTICATED', 'You need to sign in to do this.');
  });

  it('serves the contract as a browsable API reference', async () => {
    const page = await t.call('GET', '/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await t.call('GET', '/docs/json');
    expect(json.json().info.title).toBe('Data Act Portal API');
    const yaml = await t.call('GET', '/docs/yaml');
    expect(yaml.headers['content-type']).toContain('application/x-yaml');
    expect(yaml.body).toContain('title: Data Act Portal API');
  });

  it("answers the API reference's addresses as Swagger UI does, and what it has not as the server does", async () => {
    // Swagger UI's own Content-Security-Policy on its pages (it allows the validator badge's image).
    const page = await t.call('GET', '/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('validator.swagger.io');
    const moved = await t.call('GET', '/docs/static/index.html');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/docs/');
    expect(moved.headers['content-type']).toBeUndefined();
    const styles = await t.call('GET', '/docs/static/swagger-ui.css');
    expect(styles.statusCode).toBe(200);
    expect(styles.headers['content-type']).toContain('text/css');
    const head = await t.call('HEAD', '/docs/static/swagger-ui.css');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(styles.rawPayload.length);
    const unchanged = await t.call('GET', '/docs/static/swagger-ui.css', {
      'if-none-match': String(styles.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expectError(
      await t.call('GET', '/docs/static/nope.js'),
      404,
      'NOT_FOUND',
      'There is no GET /docs/static/nope.js here.',
    );
    expectError(await t.call('GET', '/docs/nope'), 404, 'NOT_FOUND', 'There is no GET /docs/nope here.');
    expectError(await t.call('POST', '/docs/json'), 404, 'NOT_FOUND', 'There is no POST /docs/json here.');
  });

  const registration = {
    legalName: 'Acme Mobility Data Ltd',
    displayName: 'Acme',
    vatNumber: '123456789',
    country: 'DE',
    type: 'large',
    sanction: false,
    gatekeeper: false,
    representative: { title: 'ms', firstname: 'Ada', surname: 'Lovelace' },
    fileIds: [],
  };
  const submit = (payload: unknown) =>
    t.call('POST', '/api/v1/agents', 'newco@example.com', payload as object);

  it('rejects an unknown property with 400 in the envelope instead of dropping it', async () => {
    const response = await submit({ ...registration, isAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        { code: 'VALIDATION_FAILED', message: 'body has an unknown property "isAdmin".', field: 'isAdmin' },
      ],
    });
  });

  it('rejects a too-long string with 400 naming the field', async () => {
    const response = await submit({ ...registration, legalName: 'x'.repeat(151) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'legalName',
      message: 'body.legalName must NOT have more than 150 characters.',
    });
  });

  it('rejects a wrong enum value with 400 listing the allowed values', async () => {
    const response = await t.call('POST', '/api/v1/products/prod-veh-1/collect/TOGGLE', 'owner@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'params.action must be one of: ENABLE, DISABLE.',
    });
  });

  it('answers an unexpected failure with 500, a request id and none of its internals', async () => {
    const spy = vi.spyOn(t.reads.lists.applications, 'page').mockImplementationOnce(() => {
      throw new Error('SQLITE_CORRUPT: /var/lib/portal/portal.db is malformed');
    });
    const response = await t.call('GET', '/api/v1/admin/applications', 'admin@example.com');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect(response.statusCode).toBe(500);
    const [error] = response.json().errors;
    expect(error).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again later.',
      requestId: expect.stringMatching(/^r[0-9a-f]{8}-[0-9a-z]+$/),
    });
    expect(response.body).not.toContain('SQLITE');
    expect(response.body).not.toContain('/var/lib');
  });

  it('has a handler for every operation of the contract', () => {
    const declared = indexOperations(loadContract(t.config.openapiPath))
      .operations.map((operation) => operation.operationId)
      .sort();
    const handled = [...createRoutes(t.app.portal), ...simulatorRoutes(t.app.portal)]
      .map((route) => route.operationId)
      .sort();
    expect(handled).toEqual(declared);
  });
});
