import { describe, expect, it } from 'vitest';
import { loadProxyConfig } from './proxy-config.ts';

describe('loadProxyConfig', () => {
  it('is off without PROXY_TARGET', () => {
    expect(loadProxyConfig({}, 'development')).toEqual({
      target: null,
      timeoutMs: 30_000,
      fallback: { unimplemented: false, operations: [] },
      fallbackAs: null,
    });
  });

  it('reads the target origin, the fallback rule, the always-simulated operations and the fallback persona', () => {
    const config = loadProxyConfig(
      {
        PROXY_TARGET: 'https://backend.example/base',
        PROXY_FALLBACK: 'unimplemented, listSharings',
        PROXY_FALLBACK_AS: 'owner@example.com',
        PROXY_TIMEOUT_MS: '2500',
      },
      'development',
    );
    expect(config).toEqual({
      target: 'https://backend.example',
      timeoutMs: 2500,
      fallback: { unimplemented: true, operations: ['listSharings'] },
      fallbackAs: 'owner@example.com',
    });
  });

  it('refuses a target that is not an http(s) URL', () => {
    expect(() => loadProxyConfig({ PROXY_TARGET: 'ftp://backend' }, 'development')).toThrow(
      'PROXY_TARGET must be an http(s) URL, got "ftp://backend"',
    );
  });

  it('refuses a deadline that is not a positive whole number of milliseconds', () => {
    expect(() => loadProxyConfig({ PROXY_TIMEOUT_MS: '0' }, 'development')).toThrow(
      'PROXY_TIMEOUT_MS must be a positive whole number of milliseconds, got "0"',
    );
  });

  it('never answers real users from the simulation: no fallback in production mode', () => {
    expect(loadProxyConfig({ PROXY_TARGET: 'https://backend.example' }, 'production').target).toBe(
      'https://backend.example',
    );
    expect(() => loadProxyConfig({ PROXY_FALLBACK: 'unimplemented' }, 'production')).toThrow(
      'PROXY_FALLBACK and PROXY_FALLBACK_AS are not available in production mode',
    );
  });
});
