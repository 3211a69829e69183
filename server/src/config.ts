import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProxyConfig, type ProxyConfig } from './proxy/proxy-config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type PortalMode = 'development' | 'production' | 'test';

/** Every setting the reference server reads, with its documented default (see README "Configuration"). */
export interface Config {
  mode: PortalMode;
  host: string;
  port: number;
  /** Public origin of the portal, used for invitation links and OIDC redirect URIs. */
  publicUrl: string;
  databaseUrl: string;
  dataDir: string;
  webDist: string;
  openapiPath: string;
  logLevel: string;
  /** Seed the personas when the database has no users yet. */
  seedOnEmpty: boolean;
  /** Validate JSON answers against the contract; a mismatch is logged (and answers 500 in test mode). */
  validateResponses: boolean;
  session: { idleMinutes: number; absoluteHours: number; cookieName: string };
  oidc: { issuer: string | null; clientId: string; clientSecret: string | null };
  brand: { productName: string; manufacturer: string; supportEmail: string };
  redeemRateLimit: { max: number; windowMs: number };
  /** The validating proxy to a real back end (PROXY_TARGET, PROXY_FALLBACK, PROXY_FALLBACK_AS). */
  proxy: ProxyConfig;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const modeRaw = env.PORTAL_MODE ?? 'development';
  if (!['development', 'production', 'test'].includes(modeRaw)) {
    throw new Error(`PORTAL_MODE must be development, production or test, got "${modeRaw}"`);
  }
  const mode = modeRaw as PortalMode;
  const port = int(env, 'PORT', 3000);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  const config: Config = {
    mode,
    host: env.HOST ?? '127.0.0.1',
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, 'portal.db')}`,
    dataDir,
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'web/dist'),
    openapiPath: path.join(repoRoot, 'openapi.yaml'),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    seedOnEmpty: bool(env, 'SEED_ON_EMPTY', true),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', mode !== 'production'),
    session: {
      idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30),
      absoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12),
      cookieName: 'portal_session',
    },
    oidc: {
      issuer: env.OIDC_ISSUER ?? null,
      clientId: env.OIDC_CLIENT_ID ?? 'data-act-portal',
      clientSecret: env.OIDC_CLIENT_SECRET ?? null,
    },
    brand: {
      productName: env.BRAND_PRODUCT_NAME ?? 'Data Act Portal',
      manufacturer: env.BRAND_MANUFACTURER ?? 'the manufacturer',
      supportEmail: env.BRAND_SUPPORT_EMAIL ?? 'support@example.com',
    },
    redeemRateLimit: {
      max: int(env, 'REDEEM_RATE_LIMIT_MAX', 10),
      windowMs: int(env, 'REDEEM_RATE_LIMIT_WINDOW_MS', 60_000),
    },
    proxy: loadProxyConfig(env, mode),
  };
  return { ...config, ...overrides };
}

export const isDevMode = (config: Config): boolean => config.mode !== 'production';
