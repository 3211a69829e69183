import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './login-flow.ts';
import { type CustomFetch, isProviderUnavailable, withRegisteredRedirectUri } from './relying-party.ts';

const registered = 'http://localhost:3000/auth/callback?client_id=data-act-portal';

function recordingFetch() {
  const seen: { url: string; body: string }[] = [];
  const fetchImpl: CustomFetch = async (url, options) => {
    seen.push({ url, body: String(options.body ?? '') });
    return new Response('{}');
  };
  return { seen, fetchImpl };
}

describe('withRegisteredRedirectUri', () => {
  /** A token request as openid-client sends it, with the redirect URI stripped of its query. */
  const tokenRequest = (grantType: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      grant_type: grantType,
      redirect_uri: 'http://localhost:3000/auth/callback',
      ...extra,
    });

  it('puts the registered redirect URI (with its client_id query) back into the code exchange', async () => {
    const { seen, fetchImpl } = recordingFetch();
    const wrapped = withRegisteredRedirectUri(registered, fetchImpl);
    const body = tokenRequest('authorization_code', { code: 'c' });
    await wrapped('http://idp/token', { method: 'POST', body, headers: {}, redirect: 'manual' });
    expect(new URLSearchParams(seen[0]?.body).get('redirect_uri')).toBe(registered);
  });

  it('leaves every other request alone', async () => {
    const { seen, fetchImpl } = recordingFetch();
    const wrapped = withRegisteredRedirectUri(registered, fetchImpl);
    const refresh = tokenRequest('refresh_token');
    await wrapped('http://idp/token', { method: 'POST', body: refresh, headers: {}, redirect: 'manual' });
    await wrapped('http://idp/.well-known/openid-configuration', {
      method: 'GET',
      body: undefined,
      headers: {},
      redirect: 'manual',
    });
    expect(seen[0]?.body).toBe(refresh.toString());
    expect(seen[1]?.body).toBe('');
  });
});

describe('isProviderUnavailable', () => {
  it('treats network failures, timeouts and 5xx answers as unavailable', () => {
    expect(isProviderUnavailable(new TypeError('fetch failed'))).toBe(true);
    expect(isProviderUnavailable(new Error('wrapped', { cause: new TypeError('fetch failed') }))).toBe(true);
    expect(isProviderUnavailable(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(isProviderUnavailable(new Error('status', { cause: new Response('', { status: 503 }) }))).toBe(
      true,
    );
  });

  it('treats failed checks and 4xx answers as failed sign-ins', () => {
    expect(isProviderUnavailable(new Error('unexpected "iss" (issuer) response parameter value'))).toBe(
      false,
    );
    expect(isProviderUnavailable(new Error('status', { cause: new Response('', { status: 400 }) }))).toBe(
      false,
    );
    expect(isProviderUnavailable(new TypeError('"currentUrl" must be an instance of URL'))).toBe(false);
  });
});

describe('safeReturnTo', () => {
  it('only allows paths on this site', () => {
    expect(safeReturnTo('/products')).toBe('/products');
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo('https://evil.example/')).toBe('/');
    expect(safeReturnTo('//evil.example/')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
  });
});
