import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp();

// Helmet runs once at start; every answer still carries its headers (decisions 0030, 0034).
describe('security headers', () => {
  it('are on API answers, errors and pages alike', async () => {
    for (const response of [
      await t.call('GET', '/api/v1/products', 'owner@example.com'),
      await t.http({ method: 'GET', url: '/api/v1/products' }),
      await t.http({ method: 'GET', url: '/api/v1/health' }),
      // The built-in identity provider writes its raw answers itself.
      await t.http({ method: 'GET', url: '/oidc/.well-known/openid-configuration' }),
    ]) {
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
