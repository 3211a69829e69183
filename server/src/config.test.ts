import { describe, expect, it } from 'vitest';
import { allowsHeaderIdentity, loadConfig, modeStatement, startupRefusal } from './config.ts';

describe('modes', () => {
  it('runs demo when PORTAL_MODE is unset, and says so', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('demo');
    expect(modeStatement(config)).toBe(
      'demo mode (PORTAL_MODE is not set): seeded personas, built-in sign-in and simulator; not for real data',
    );
    expect(allowsHeaderIdentity(config)).toBe(false);
  });

  it('refuses an unknown mode', () => {
    expect(() => loadConfig({ PORTAL_MODE: 'dev' })).toThrow(
      'PORTAL_MODE must be production, demo, development or test, got "dev"',
    );
  });

  it('never seeds in production, even when SEED_ON_EMPTY asks for it', () => {
    expect(loadConfig({ PORTAL_MODE: 'production', SEED_ON_EMPTY: 'true' }).seedOnEmpty).toBe(false);
    expect(loadConfig({ PORTAL_MODE: 'demo' }).seedOnEmpty).toBe(true);
  });

  it("copies two of team mode's spare sandbox databases side by side unless told otherwise (decision 0174)", () => {
    expect(loadConfig({}).sandboxes.spareCopies).toBe(2);
    expect(loadConfig({ SANDBOX_SPARE_COPIES: '6' }).sandboxes.spareCopies).toBe(6);
  });

  it('trusts X-User-Id only in explicit test mode on a loopback address', () => {
    expect(allowsHeaderIdentity(loadConfig({ PORTAL_MODE: 'test' }))).toBe(true);
    expect(allowsHeaderIdentity(loadConfig({ PORTAL_MODE: 'test', HOST: '::1' }))).toBe(true);
    expect(allowsHeaderIdentity(loadConfig({ PORTAL_MODE: 'test', HOST: '0.0.0.0' }))).toBe(false);
    expect(allowsHeaderIdentity(loadConfig({ PORTAL_MODE: 'development' }))).toBe(false);
  });

  it('refuses to start production without an identity provider and development on a network', () => {
    expect(startupRefusal(loadConfig({ PORTAL_MODE: 'production' }))).toMatch(
      /needs an external identity provider/,
    );
    expect(
      startupRefusal(loadConfig({ PORTAL_MODE: 'production', OIDC_ISSUER: 'https://id.example.com' })),
    ).toBeNull();
    expect(startupRefusal(loadConfig({ PORTAL_MODE: 'development', HOST: '0.0.0.0' }))).toMatch(
      /only listens on this machine/,
    );
    expect(startupRefusal(loadConfig({ PORTAL_MODE: 'demo', HOST: '0.0.0.0' }))).toBeNull();
  });
});
