import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides access codes, export tokens and sign-in parameters', () => {
    expect(redactUrl('/api/v1/invitations/redeem/ABCD-EFGH-JKMN-PQRS')).toBe(
      '/api/v1/invitations/redeem/[redacted]',
    );
    expect(redactUrl('/redeem/ABCD-EFGH-JKMN-PQRS?x=1')).toBe('/redeem/[redacted]?x=1');
    expect(redactUrl('/api/v1/invitations/inv-1/redeem/accept')).toBe(
      '/api/v1/invitations/inv-1/redeem/accept',
    );
    expect(redactUrl('/api/v1/exports/s3cr3t-token')).toBe('/api/v1/exports/[redacted]');
    const login = redactUrl('/api/v1/login?code=abc&state=xyz&iss=http%3A%2F%2Fidp&client_id=portal');
    expect(login).not.toContain('abc');
    expect(login).not.toContain('xyz');
    expect(login).toContain('client_id=portal');
  });

  it('leaves ordinary URLs as they are', () => {
    expect(redactUrl('/api/v1/invitations/claimed/ALL')).toBe('/api/v1/invitations/claimed/ALL');
    expect(redactUrl('/api/v1/admin/applications?status=pending')).toBe(
      '/api/v1/admin/applications?status=pending',
    );
  });
});
